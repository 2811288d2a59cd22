// The sync engine's view of the browser: connectivity, focus and visibility events, and persistent storage.
import type { SyncEnvironment } from './engine.ts';

export function browserEnvironment(win: Window): SyncEnvironment {
  return {
    isOnline: () => win.navigator.onLine,
    isVisible: () => win.document.visibilityState === 'visible',
    subscribe(handlers) {
      const onVisible = () => {
        if (win.document.visibilityState === 'visible') handlers.focus();
      };
      win.addEventListener('online', handlers.online);
      win.addEventListener('offline', handlers.offline);
      win.addEventListener('focus', handlers.focus);
      win.document.addEventListener('visibilitychange', onVisible);
      return () => {
        win.removeEventListener('online', handlers.online);
        win.removeEventListener('offline', handlers.offline);
        win.removeEventListener('focus', handlers.focus);
        win.document.removeEventListener('visibilitychange', onVisible);
      };
    },
    persist: async () => (await win.navigator.storage?.persist?.()) ?? false,
  };
}
