// What every route shares: toasts at the top right; the page itself renders in the outlet.
import { Outlet } from '@tanstack/react-router';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { loadAgainWhenOnline } from '../lib/loadAgainWhenOnline.ts';

// No toast can come before the first interaction, so the toaster's code loads just after the first screen.
const Toaster = lazy(loadAgainWhenOnline(() => import('sonner').then((m) => ({ default: m.Toaster }))));

export function RootLayout() {
  // Not in the server's render, nor so in hydrating it: the page the server wrote has no toaster to match. Shown in a
  // transition once hydrated: an urgent update here would make React hydrate the rest of the page in one long task.
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => startTransition(() => setInBrowser(true)), []);
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
