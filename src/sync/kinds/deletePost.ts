// A post's deletion; a refusal puts the post back on the screen.
import type { PostRow } from '../../data/types.ts';
import { POST_COLUMNS } from '../columns.ts';
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
    deleteOnce<PostRow>(ctx, { table: 'posts', columns: POST_COLUMNS, id: write.id }, (row) => ({
      table: 'posts',
      row,
    })),
  shownOn: (write) => ({ post: write.id }),
} satisfies WriteKind<DeletePostWrite>;
