// The sync engine's view of the browser: connectivity, focus and visibility events, and persistent storage.
import { BACKGROUND_SYNC_TAG } from './backgroundSyncTag.ts';
import type { SyncEnvironment } from './engine.ts';

/** Background Sync is not in TypeScript's DOM types yet. */
type BackgroundSyncRegistration = ServiceWorkerRegistration & {
  sync?: { register(tag: string): Promise<void> };
};

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
    requestBackgroundSync() {
      // Background Sync is Chromium-only; elsewhere, or refused (warned of), the next start and the online event flush.
      void win.navigator.serviceWorker?.ready
        .then((registration) => (registration as BackgroundSyncRegistration).sync?.register(BACKGROUND_SYNC_TAG))
        .catch(console.warn);
    },
  };
}
