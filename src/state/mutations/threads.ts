// Starting a thread: it opens at once at its own address, online or not, and is sent when there is a connection.
import { useMemo } from 'react';
import { slugify, withSuffix } from '../../content/slug.ts';
import { threadByIdOrSlug } from '../../data/queries/threads.ts';
import { enqueueThread, type NewThreadInput } from '../../sync/outbox.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

export function useThreadActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      createThread: async (input: Omit<NewThreadInput, 'slug'>) => {
        let slug = slugify(input.title);
        // The server adds a suffix to a taken slug as well; doing it here keeps /t/{slug} right from the start.
        if (await threadByIdOrSlug(engine.db, slug)) slug = withSuffix(slug);
        return runWrite(engine, (ctx) => enqueueThread(ctx, { ...input, slug }));
      },
    }),
    [engine],
  );
}
