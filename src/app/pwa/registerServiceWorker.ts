// Registers the service worker and offers an update when a new version is waiting: the member chooses the moment,
// so a half-written reply is never lost to a reload (and the outbox survives it anyway).

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const { Workbox } = await import('workbox-window');
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
  await wb.register();
}
