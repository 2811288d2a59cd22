// /bookmarks (members): the member's bookmarks, newest first, from the mirror, so they read offline. Each names its
// thread (a link to the post), an excerpt of the post and the note, with edit and remove.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { fullTime, listAge } from '../../lib/relativeTime.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { useRemoveBookmark } from '../../state/mutations/bookmarks.ts';
import { useBookmarks, type BookmarkListItem } from '../../state/queries/bookmarks.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { BookmarkDialog } from './BookmarkDialog.tsx';
import styles from './Bookmarks.module.css';

const REMOVE_FAILED = { failed: 'Failed to remove bookmark' };

function BookmarkCard({ item }: { item: BookmarkListItem }) {
  const { bookmark, thread, excerpt } = item;
  const [editing, setEditing] = useState(false);
  const removeBookmark = useRemoveBookmark();
  const title = thread?.title ?? 'A thread not downloaded yet';
  return (
    <li className={styles.card} data-testid="bookmark" data-status={bookmark._status ?? 'sent'}>
      <div className={styles.cardHead}>
        <Link
          to="/thread/$id"
          params={{ id: bookmark.thread_id }}
          hash={`post-${bookmark.post_id}`}
          className={styles.threadLink}
        >
          {title}
        </Link>
        {bookmark._status === 'sending' && <span className={styles.waiting}>Waiting to send</span>}
        {bookmark._status === 'failed' && <span className={styles.waiting}>Not sent</span>}
      </div>
      {excerpt !== '' && <p className={styles.excerpt}>{excerpt}</p>}
      {bookmark.note && (
        <p className={styles.noteText}>
          <span className="sr-only">Note: </span>
          {bookmark.note}
        </p>
      )}
      <div className={styles.cardFoot}>
        <span className="muted">
          Saved{' '}
          <time dateTime={bookmark.created_at} title={fullTime(bookmark.created_at)}>
            {listAge(bookmark.created_at)}
          </time>
        </span>
        <Button variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit bookmark of ${title}`}>
          Edit
        </Button>
        <Button
          variant="ghost"
          className={styles.remove}
          onClick={() => void removeBookmark(bookmark.id).catch((error: unknown) => reportError(error, REMOVE_FAILED))}
          aria-label={`Remove bookmark of ${title}`}
        >
          Remove
        </Button>
      </div>
      <BookmarkDialog open={editing} onOpenChange={setEditing} postId={bookmark.post_id} bookmark={bookmark} />
    </li>
  );
}

export function BookmarksPage() {
  const items = useBookmarks();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Bookmarks</h1>
        <p>Posts you saved, newest first. They are kept on this device, so you can read them offline.</p>
      </header>
      {items === undefined ? (
        <Spinner label="Loading bookmarks…" />
      ) : items.length === 0 ? (
        <section className={styles.empty}>
          <Icon name="bookmark" size={28} />
          <h2>No bookmarks yet</h2>
          <p className="muted">Use Bookmark under any post to keep it here, with a note if you like.</p>
        </section>
      ) : (
        <ul className={styles.list} aria-label="Bookmarks">
          {items.map((item) => (
            <BookmarkCard key={item.bookmark.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}
