// Liking a post and taking the like back: the heart and the count change at once, the outbox sends it.
import { useMemo } from 'react';
import { enqueueLike } from '../../sync/kinds/like.ts';
import { enqueueUnlike } from '../../sync/kinds/unlike.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

export function useLikeActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      like: (postId: string) => runWrite(engine, (ctx) => enqueueLike(ctx, postId)),
      unlike: (postId: string) => runWrite(engine, (ctx) => enqueueUnlike(ctx, postId)),
    }),
    [engine],
  );
}
