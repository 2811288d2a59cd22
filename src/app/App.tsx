// The app: the router over the session and the sync status the shell shows.
import { RouterProvider } from '@tanstack/react-router';
import { BrowserSyncStatus } from './status/shellSyncStatus.tsx';
import type { createAppRouter } from './router.tsx';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <BrowserSyncStatus>
      <RouterProvider router={router} />
    </BrowserSyncStatus>
  );
}
