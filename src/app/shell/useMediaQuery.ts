// Whether a CSS media query matches now, kept current as the window changes.
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** From the phone width (below it the sidebar is a drawer) up to the desktop width the sidebar stays narrow. */
export const TABLET_QUERY = '(min-width: 768px) and (max-width: 1023px)';
