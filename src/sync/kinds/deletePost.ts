// A post's deletion; a refusal puts the post back on the screen.
import { deleteOnce } from '../pushRequests.ts';
import type { WriteKind } from '../writeKind.ts';

export interface DeletePostWrite {
  kind: 'deletePost';
  id: string;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    deletePost: DeletePostWrite;
  }
}

export const deletePost = {
  name: 'deletePost',
  tables: ['posts'],
  target: (write) => write.id,
  push: (ctx, write) =>
    deleteOnce(ctx, { table: 'posts', id: write.id }, (row) => ({
      table: 'posts',
      row,
    })),
  shownOn: (write) => ({ post: write.id }),
} satisfies WriteKind<DeletePostWrite>;
