// The unread notification count on the installed app's icon (Badging API), where the browser has it; the service
// worker sets the same count when a push arrives.
import { useEffect } from 'react';

type BadgingNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

export function useAppBadge(count: number) {
  useEffect(() => {
    const nav = navigator as BadgingNavigator;
    const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
    // Refused when the app is not installed or the page is hidden: the in-app badge still shows the count.
    void done?.catch(() => undefined);
  }, [count]);
}
