// A post's Bookmark action: "Bookmark" opens the dialog to add one; "Bookmarked" opens it to change the note or
// remove it. A bookmark still waiting to be sent says so, as other writes do.
import { useState } from 'react';
import type { BookmarkRow } from '../../data/types.ts';
import { Button } from '../../ui/Button.tsx';
import { lazyWhenOpen } from '../../ui/lazyWhenOpen.tsx';
import styles from './Bookmarks.module.css';

const BookmarkDialog = lazyWhenOpen(() => import('./BookmarkDialog.tsx').then((m) => m.BookmarkDialog));

/** `bookmark` is the member's bookmark of the post: undefined when there is none, null while the thread's load. */
export function BookmarkButton({
  postId,
  authorName,
  bookmark,
}: {
  postId: string;
  authorName: string;
  bookmark: BookmarkRow | undefined | null;
}) {
  const [open, setOpen] = useState(false);
  const marked = bookmark !== null && bookmark !== undefined;
  return (
    <>
      <Button
        variant="ghost"
        className={marked ? styles.marked : undefined}
        data-action="bookmark"
        data-status={marked ? (bookmark._status ?? 'sent') : 'none'}
        aria-label={`${marked ? 'Bookmarked' : 'Bookmark'} post by ${authorName}`}
        aria-pressed={marked}
        title={bookmark?._status === 'sending' ? 'Waiting to send' : undefined}
        disabled={bookmark === null}
        onClick={() => setOpen(true)}
      >
        {marked ? 'Bookmarked' : 'Bookmark'}
      </Button>
      <BookmarkDialog open={open} onOpenChange={setOpen} postId={postId} bookmark={bookmark ?? undefined} />
    </>
  );
}
