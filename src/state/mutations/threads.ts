// Starting a thread: it opens at once at its own address, online or not, and is sent when there is a connection.
import { useMemo } from 'react';
import { slugify, withSuffix } from '../../content/slug.ts';
import type { Mirror } from '../../data/mirror.ts';
import { threadRowAt } from '../../data/queries/threadAddress.ts';
import { enqueueThread, type NewThreadInput } from '../../sync/outbox.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

/** The address of a new thread: its title's slug, with a suffix when a thread on this device has it already. */
export async function newThreadSlug(db: Mirror, title: string): Promise<string> {
  const slug = slugify(title);
  // The server adds a suffix to a taken slug as well; doing it here keeps /t/{slug} right from the start.
  return (await threadRowAt(db, slug)) ? withSuffix(slug) : slug;
}

export function useThreadActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      createThread: async (input: Omit<NewThreadInput, 'slug'>) => {
        const slug = await newThreadSlug(engine.db, input.title);
        return runWrite(engine, (ctx) => enqueueThread(ctx, { ...input, slug }));
      },
    }),
    [engine],
  );
}
