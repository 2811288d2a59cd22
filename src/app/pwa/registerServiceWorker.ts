// Registers the service worker and offers an update when a new version is waiting: the member chooses the moment,
// so a half-written reply is never lost to a reload (and the outbox survives it anyway).
import { toast } from '../../state/toast.ts';

/** Answers whether the browser took it: none where it has no service workers, in development, or where it refused. */
export async function registerServiceWorker(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return false;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { type: 'module' });
  wb.addEventListener('waiting', () => {
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
  return (await wb.register()) !== undefined;
}
