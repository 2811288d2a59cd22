// The app's toasts: sonner's, loaded with the first toast as the Toaster is (RootLayout), so that no screen's first
// load carries sonner's code for toasts it may never show. The calls keep their order; a toast asked for while sonner
// cannot arrive (offline, no service worker) shows once the connection is back.
import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { loadAgainWhenOnline } from '../lib/loadAgainWhenOnline.ts';

type Sonner = typeof sonnerToast;

const loadSonner = loadAgainWhenOnline(() => import('sonner').then((m) => m.toast));
let sonner: Promise<Sonner> | undefined;

function withSonner(show: (toast: Sonner) => unknown) {
  const loading = (sonner ??= loadSonner());
  loading.then(show, (error: unknown) => {
    // Gone for good (a new version replaced the chunk): the next toast tries again; this one is logged, not shown.
    if (sonner === loading) sonner = undefined;
    console.warn('A toast could not be shown: its code did not load', error);
  });
}

type Show = (message: string, data?: ExternalToast) => void;
const kind =
  (pick: (toast: Sonner) => (message: string, data?: ExternalToast) => unknown): Show =>
  (message, data) =>
    withSonner((toast) => pick(toast)(message, data));

export const toast = Object.assign(
  kind((toast) => toast),
  {
    success: kind((toast) => toast.success),
    error: kind((toast) => toast.error),
    info: kind((toast) => toast.info),
    dismiss: () => withSonner((toast) => toast.dismiss()),
  },
);
