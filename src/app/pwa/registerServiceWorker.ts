// Registers the service worker and offers an update when a new version is waiting: the member chooses the moment,
// so a half-written reply is never lost to a reload (and the outbox survives it anyway).
import { Workbox } from 'workbox-window';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { type: 'module' });
  wb.addEventListener('waiting', async () => {
    // sonner loads with the first toast, keeping it out of the first screen's bundle.
    const { toast } = await import('sonner');
    toast('A new version of the forum is ready.', {
      duration: Infinity,
      action: {
        label: 'Update',
        onClick: () => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
      },
    });
  });
  void wb.register();
}
