// Writing, reading and deleting private messages: each lands in the mirror and the outbox at once (shown as waiting
// to send) and the engine sends it when online.
import { liveQuery } from 'dexie';
import { useMemo } from 'react';
import { sendStatus, waitingEntryId } from '../../data/queries/messages.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import { discardFailed } from '../../sync/failed.ts';
import { enqueueDeleteMessage, enqueueMarkRead, enqueueMessage } from '../../sync/outbox.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { awaitConfirmation } from './confirmations.ts';
import { runWrite } from './write.ts';

export const MESSAGE_SENT = 'Message sent successfully';
const MESSAGE_NOT_SENT = 'Failed to send message';
const MESSAGE_DELETED = 'Message deleted';
const MESSAGE_NOT_DELETED = 'Failed to delete message';

/** How a message sent from the dialog ended: on the server, refused (with why), or left waiting for a connection. */
type SendOutcome = { state: 'sent' } | { state: 'waiting' } | { state: 'refused'; reason: string };

function connected(engine: SyncEngine) {
  const { online, unreachable } = engine.status.get();
  return online && !unreachable;
}

/**
 * Follows a queued message until the server has it or refuses it, or until it has to wait (no connection, or a
 * send that is being retried): then its toast is owed later, whenever it is sent.
 */
function followMessage(engine: SyncEngine, id: string, entryId: string | undefined): Promise<SendOutcome> {
  return new Promise((resolve, reject) => {
    let done = false;
    // Once refused, its discard makes the message look sent to the next read: only the refusal counts.
    let refused = false;
    const finish = (outcome: SendOutcome) => {
      if (done) return;
      done = true;
      subscription.unsubscribe();
      stopStatus();
      if (outcome.state === 'waiting' && entryId) {
        awaitConfirmation({ table: 'outbox', id: entryId, confirmed: MESSAGE_SENT, refused: MESSAGE_NOT_SENT });
      }
      resolve(outcome);
    };
    const subscription = liveQuery(() => sendStatus(engine.db, id)).subscribe({
      next: (status) => {
        if (refused) return;
        // The form that sent it shows the refusal with the fields kept, so it leaves the failed list.
        if (status.state === 'refused') {
          refused = true;
          void discardFailed(engine.db, status.entryId).then(
            () => finish({ state: 'refused', reason: status.reason }),
            reject,
          );
        } else if (status.state === 'sent') finish({ state: 'sent' });
        // The outbox keeps retrying with backoff; the form need not wait for it.
        else if (status.state === 'retrying' || !connected(engine)) finish({ state: 'waiting' });
      },
      error: (error: unknown) => {
        done = true;
        stopStatus();
        reject(error);
      },
    });
    const stopStatus = engine.status.subscribe(() => {
      if (!refused && !connected(engine)) finish({ state: 'waiting' });
    });
  });
}

export function useMessageActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      /** Queues the message, then answers how it ended (see SendOutcome). */
      send: async (input: { recipientId: string; subject: string; content: string }) => {
        // The entry is looked up before the engine is woken: once sent, it is gone.
        const { id, entryId } = await runWrite(engine, async (ctx) => {
          const messageId = await enqueueMessage(ctx, input);
          return { id: messageId, entryId: await waitingEntryId(ctx.db, 'message', messageId) };
        });
        return followMessage(engine, id, entryId);
      },
      /** Opening an unread received message marks it read; nothing happens for any other. */
      markRead: (id: string) => runWrite(engine, (ctx) => enqueueMarkRead(ctx, id)),
      /** Removes the message here at once; 'Message deleted' once the server has the deletion. */
      remove: async (id: string) => {
        const entryId = await runWrite(engine, async (ctx) => {
          await enqueueDeleteMessage(ctx, id);
          return waitingEntryId(ctx.db, 'deleteMessage', id);
        });
        if (entryId) {
          awaitConfirmation({ table: 'outbox', id: entryId, confirmed: MESSAGE_DELETED, refused: MESSAGE_NOT_DELETED });
        }
        return { waiting: !connected(engine) };
      },
    }),
    [engine],
  );
}
