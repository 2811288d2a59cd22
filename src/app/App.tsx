// The app: the router over the session and the sync engine's status, which the shell shows.
import { RouterProvider } from '@tanstack/react-router';
import { EngineSyncStatus } from '../state/sync/EngineSyncStatus.tsx';
import type { createAppRouter } from './router.tsx';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <EngineSyncStatus>
      <RouterProvider router={router} />
    </EngineSyncStatus>
  );
}
