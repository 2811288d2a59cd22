// Adding a bookmark with an optional note, or changing its note or removing it: written to the mirror and the outbox
// at once, so it works offline.
import { useState } from 'react';
import type { BookmarkRow } from '../../data/types.ts';
import { useBookmarkPost, useRemoveBookmark } from '../../state/mutations/bookmarks.ts';
import { useDialogWrite } from '../../state/mutations/useDialogWrite.ts';
import { useSyncStatusOf } from '../../state/sync/SyncContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { CountedTextArea } from '../../ui/CountedTextArea.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { NOTE_MAX, NOTE_TOO_LONG, noteLength, storedNote } from './noteRules.ts';
import styles from './Bookmarks.module.css';

/** SPEC has no texts for bookmarks: short and plain. */
const SAVED = 'Bookmark saved';
const REMOVED = 'Bookmark removed';
const FAILED = { failed: 'Failed to save bookmark' };
const REMOVE_FAILED = { failed: 'Failed to remove bookmark' };

interface BookmarkDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  postId: string;
  /** The member's bookmark of the post, when there is one: the dialog then edits it. */
  bookmark: BookmarkRow | undefined;
}

/** The form inside the dialog: the dialog unmounts it when closed, so each opening starts from the stored note. */
function BookmarkForm({ postId, bookmark, onOpenChange }: Omit<BookmarkDialogProps, 'open'>) {
  const bookmarkPost = useBookmarkPost();
  const removeBookmark = useRemoveBookmark();
  const online = useSyncStatusOf((s) => s.online);
  const [note, setNote] = useState(bookmark?.note ?? '');
  const { busy, run } = useDialogWrite(online, () => onOpenChange(false));
  const length = noteLength(note);
  const tooLong = length > NOTE_MAX;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!tooLong) void run(() => bookmarkPost(postId, storedNote(note)), SAVED, FAILED);
      }}
    >
      <CountedTextArea
        label="Note (optional)"
        value={note}
        onChange={setNote}
        count={length}
        max={NOTE_MAX}
        error={tooLong ? NOTE_TOO_LONG : null}
        placeholder="Why you saved this post"
      />
      <div className={styles.dialogActions}>
        {bookmark && (
          <Button
            variant="ghost"
            className={styles.remove}
            disabled={busy}
            onClick={() => void run(() => removeBookmark(bookmark.id), REMOVED, REMOVE_FAILED)}
          >
            Remove bookmark
          </Button>
        )}
        <DialogClose asChild>
          <Button>Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" disabled={busy || tooLong}>
          {bookmark ? 'Save' : 'Bookmark'}
        </Button>
      </div>
    </form>
  );
}

export function BookmarkDialog({ open, onOpenChange, ...form }: BookmarkDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={form.bookmark ? 'Edit bookmark' : 'Bookmark post'}
      description="Bookmarks are private: only you see them, on all your devices."
    >
      <BookmarkForm onOpenChange={onOpenChange} {...form} />
    </Dialog>
  );
}
