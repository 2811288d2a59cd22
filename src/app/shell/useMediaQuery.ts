// Whether a CSS media query matches now, kept current as the window changes. The server knows no window: it renders,
// and the app hydrates, as if none matched, and the app's next render takes the window's answer.
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** From the phone width (below it the sidebar is a drawer) up to the desktop width the sidebar stays narrow. */
export const TABLET_QUERY = '(min-width: 768px) and (max-width: 1023px)';
