// An edit of a post: sent on top of the version the member edited, so a newer version elsewhere is a conflict.
import { POST_COLUMNS } from '../../data/columns.ts';
import { fetchRow, rowsOf } from '../pushRequests.ts';
import type { MirrorChange, PushContext, PushOutcome, WriteKind } from '../writeKind.ts';

export interface EditPostWrite {
  kind: 'editPost';
  id: string;
  content: string;
  images: string[];
  /** The server version the member edited: the server applies the edit only if it still has it. */
  baseVersion: number;
  /** Texts sent by earlier attempts whose answer never came: finding one of them on the server is not a conflict. */
  tried?: string[];
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    editPost: EditPostWrite;
  }
}

export async function pushEdit(ctx: PushContext, write: EditPostWrite, rebased = false): Promise<PushOutcome> {
  const answer = await ctx.client
    .from('posts')
    .update({ content: write.content, images: write.images, is_edited: true })
    .eq('id', write.id)
    .eq('version', write.baseVersion)
    .select(POST_COLUMNS);
  const [updated] = rowsOf(answer);
  if (updated) return { result: 'sent', version: updated.version, changes: [{ table: 'posts', row: updated }] };
  const current = await fetchRow(ctx, 'posts', write.id);
  if (!current) {
    return {
      result: 'failed',
      failure: { message: 'post not found', status: 404 },
      reason: 'This post was deleted, so your edit could not be saved.',
      changes: [{ table: 'posts', deleted: write.id }],
    };
  }
  const changes: MirrorChange[] = [{ table: 'posts', row: current }];
  // Our own edit, applied before an answer that never arrived.
  if (current.content === write.content) return { result: 'sent', version: current.version, changes };
  // An earlier attempt of this same edit landed; the member has changed the text since: send it on top.
  if (!rebased && current.version === write.baseVersion + 1 && write.tried?.includes(current.content)) {
    return pushEdit(ctx, { ...write, baseVersion: current.version }, true);
  }
  return {
    result: 'conflict',
    conflict: { theirs: current.content, theirsVersion: current.version },
    reason: 'Someone else changed this post after you started editing. Choose which text to keep.',
    changes,
  };
}

const rebase = (write: EditPostWrite, version: number): EditPostWrite => ({ ...write, baseVersion: version });

export const editPost = {
  name: 'editPost',
  tables: ['posts'],
  target: (write) => write.id,
  push: (ctx, write) => pushEdit(ctx, write),
  // The post's row keeps the server's words while a refused edit waits in the failed list.
  text: { of: (write) => write.content, with: (write, content) => ({ ...write, content }) },
  post: {
    id: (write) => write.id,
    fold: (write, content, images) => ({ ...write, content, images }),
    onDelete: () => ({ drop: true, sendDelete: true }),
    editOn: rebase,
  },
  shownOn: (write) => ({ post: write.id }),
  afterLostAnswer: (waiting, sent) => ({ ...waiting, tried: [...(waiting.tried ?? []), sent.content] }),
  async keepMine(db, write, version) {
    const post = await db.posts.get(write.id);
    if (post) await db.posts.put({ ...post, content: write.content, images: write.images, _status: 'sending' });
    return rebase(write, version);
  },
} satisfies WriteKind<EditPostWrite>;
