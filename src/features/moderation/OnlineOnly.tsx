// The staff pages read the server directly, not the mirror: offline they say so instead of spinning, and load again
// on reconnect.
import type { ReactNode } from 'react';
import { useSyncStatus } from '../../state/sync/SyncContext.tsx';
import { Panel } from '../../ui/Panel.tsx';

/** `what`: the page, as the offline panel names it ('The moderation panel'). */
export function OnlineOnly({ what, children }: { what: string; children: ReactNode }) {
  const { online, unreachable } = useSyncStatus();
  if (online && !unreachable) return children;
  return (
    <Panel icon="offline" title="You are offline">
      <p>{what} needs a connection. It will load when you are back online.</p>
    </Panel>
  );
}
