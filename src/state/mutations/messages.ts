// Private messages: sending one, marking one read, deleting one; each works offline and is sent later.
import { useMemo } from 'react';
import { enqueueDeleteMessage, enqueueMarkRead, enqueueMessage } from '../../sync/outbox.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

export function useMessageActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      sendMessage: (recipientId: string, subject: string, content: string) =>
        runWrite(engine, (ctx) => enqueueMessage(ctx, { recipientId, subject, content })),
      markRead: (messageId: string) => runWrite(engine, (ctx) => enqueueMarkRead(ctx, messageId)),
      deleteMessage: (messageId: string) => runWrite(engine, (ctx) => enqueueDeleteMessage(ctx, messageId)),
    }),
    [engine],
  );
}
