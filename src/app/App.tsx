// The app: the router over the session and the sync engine's status, which the shell shows.
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { EngineSyncStatus } from '../state/sync/EngineSyncStatus.tsx';
import type { createAppRouter } from './router.tsx';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  // Once the first render is committed the page answers: marked for the tests that follow its start.
  useEffect(() => {
    const { dataset } = document.documentElement;
    dataset.appStartedAt = String(Math.round(performance.now()));
    dataset.app = 'started';
  }, []);
  return (
    <EngineSyncStatus>
      <RouterProvider router={router} />
    </EngineSyncStatus>
  );
}
