// /t/{idOrSlug} and /thread/{id} (SPEC §2 "Thread view"): the thread from the mirror, its posts, and the footer.
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useOpenThread } from '../../state/queries/thread.ts';
import { dataOrThrow } from '../../state/queries/useMirrorQuery.ts';
import { useSyncStatusOf } from '../../state/sync/SyncContext.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ThreadNotFound } from './ThreadNotFound.tsx';
import { ThreadView } from './ThreadView.tsx';

export function ThreadPage() {
  const params: { id?: string; idOrSlug?: string } = useParams({ strict: false });
  const idOrSlug = params.idOrSlug ?? params.id ?? '';
  const { thread: read, fetchState } = useOpenThread(idOrSlug);
  const thread = dataOrThrow(read);
  const online = useSyncStatusOf((s) => s.online);
  const navigate = useNavigate();
  const address = thread?.address;
  // Opened by id, or by a slug it had on this device: show its address instead, leaving the old one out of history.
  const redirectTo = address && address !== idOrSlug ? address : null;
  useEffect(() => {
    // The hash stays: a link to a post (#post-{id}) lands on it.
    if (redirectTo) void navigate({ to: '/t/$idOrSlug', params: { idOrSlug: redirectTo }, hash: true, replace: true });
  }, [navigate, redirectTo]);

  if (thread === undefined || (thread === null && fetchState === 'loading') || redirectTo) {
    return <Spinner label="Loading thread…" />;
  }
  if (thread === null && fetchState === 'offline') {
    return (
      <Panel icon="offline" title="This thread is not on this device yet">
        <p>You are offline. It will load when you are back online.</p>
      </Panel>
    );
  }
  if (thread === null) return <ThreadNotFound />;
  return <ThreadView thread={thread} online={online} />;
}
