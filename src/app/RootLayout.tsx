// What every route shares: toasts at the top right; the page itself renders in the outlet.
import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadAgainWhenOnline } from '../lib/loadAgainWhenOnline.ts';

// No toast can come before the first interaction, so the toaster's code loads just after the first screen.
const Toaster = lazy(loadAgainWhenOnline(() => import('sonner').then((m) => ({ default: m.Toaster }))));

const never = () => () => undefined;

export function RootLayout() {
  // Not in the server's render, nor so in hydrating it: the page the server wrote has no toaster to match.
  const inBrowser = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return (
    <>
      <Outlet />
      {inBrowser && (
        <Suspense fallback={null}>
          <Toaster position="top-right" theme="system" richColors closeButton />
        </Suspense>
      )}
    </>
  );
}
