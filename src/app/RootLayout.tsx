// What every route shares: toasts at the top right; the page itself renders in the outlet.
import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { loadAgainWhenOnline } from '../lib/loadAgainWhenOnline.ts';

// No toast can come before the first interaction, so the toaster's code loads just after the first screen.
const Toaster = lazy(loadAgainWhenOnline(() => import('sonner').then((m) => ({ default: m.Toaster }))));

export function RootLayout() {
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <Toaster position="top-right" theme="system" richColors closeButton />
      </Suspense>
    </>
  );
}
