// The writes the screens can make: each lands in the mirror and the outbox at once, then the engine sends it.
import { useMemo } from 'react';
import { AppError } from '../../backend/errors.ts';
import { discardFailed, editFailed, resolveConflict, retryFailed } from '../../sync/failed.ts';
import {
  enqueueDeleteMessage,
  enqueueDeletePost,
  enqueueEdit,
  enqueueMarkRead,
  enqueueMessage,
  enqueueReply,
  enqueueThread,
  type NewThreadInput,
  type WriteContext,
} from '../../sync/outbox.ts';
import { useSyncEngine } from './SyncContext.tsx';

export function useSyncActions() {
  const engine = useSyncEngine();
  return useMemo(() => {
    /** Runs a write as the signed-in member, then wakes the engine to send it. */
    const write = async <T>(fn: (ctx: WriteContext) => Promise<T>): Promise<T> => {
      const ctx = engine.writer();
      if (!ctx) throw new AppError('signedOut', 'You must be signed in to do this.');
      const result = await fn(ctx);
      engine.kick();
      return result;
    };
    const settle = async (fn: () => Promise<void>) => {
      await fn();
      engine.kick();
    };
    return {
      createThread: (input: NewThreadInput) => write((ctx) => enqueueThread(ctx, input)),
      reply: (threadId: string, content: string, images: string[]) =>
        write((ctx) => enqueueReply(ctx, { threadId, content, images })),
      editPost: (postId: string, content: string, images: string[]) =>
        write((ctx) => enqueueEdit(ctx, { postId, content, images })),
      deletePost: (postId: string) => write((ctx) => enqueueDeletePost(ctx, postId)),
      sendMessage: (recipientId: string, subject: string, content: string) =>
        write((ctx) => enqueueMessage(ctx, { recipientId, subject, content })),
      markRead: (messageId: string) => write((ctx) => enqueueMarkRead(ctx, messageId)),
      deleteMessage: (messageId: string) => write((ctx) => enqueueDeleteMessage(ctx, messageId)),
      retryFailed: (id: string) => settle(() => retryFailed(engine.db, id, engine.now)),
      editFailed: (id: string, content: string) => settle(() => editFailed(engine.db, id, content, engine.now)),
      discardFailed: (id: string) => settle(() => discardFailed(engine.db, id)),
      resolveConflict: (id: string, choice: 'mine' | 'theirs') =>
        settle(() => resolveConflict(engine.db, id, choice, engine.now)),
    };
  }, [engine]);
}
