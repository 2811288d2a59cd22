// Replying to a thread: the reply shows at once and waits in the outbox while offline.
import { useMemo } from 'react';
import { enqueueReply } from '../../sync/outbox.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

export function useReplyActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      reply: (threadId: string, content: string, images: string[]) =>
        runWrite(engine, (ctx) => enqueueReply(ctx, { threadId, content, images })),
    }),
    [engine],
  );
}
