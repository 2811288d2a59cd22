// Editing and deleting a post: the mirror shows the change at once, the outbox sends it.
import { useMemo } from 'react';
import { enqueueDeletePost, enqueueEdit } from '../../sync/outbox.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

export function usePostActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      editPost: (postId: string, content: string, images: string[]) =>
        runWrite(engine, (ctx) => enqueueEdit(ctx, { postId, content, images })),
      deletePost: (postId: string) => runWrite(engine, (ctx) => enqueueDeletePost(ctx, postId)),
    }),
    [engine],
  );
}
