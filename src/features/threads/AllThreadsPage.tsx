// /threads: every thread, newest first, 20 to a page; the header search filters it by title.
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useBackend } from '../../backend/BackendContext.tsx';
import { listAge } from '../../lib/relativeTime.ts';
import { RoleBadge } from '../../ui/RoleBadge.tsx';
import { fetchThreadsPage, THREADS_PAGE_SIZE, type ThreadsPage } from './fetchThreadsPage.ts';
import styles from './AllThreadsPage.module.css';

type Loaded = { key: string } & ({ state: 'ready'; page: ThreadsPage } | { state: 'failed'; message: string });

export function AllThreadsPage() {
  const client = useBackend();
  const { page = 1, q } = useSearch({ from: '/shell/threads' });
  const key = `${page}|${q ?? ''}`;
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    let live = true;
    fetchThreadsPage(client, page, q).then(
      (result) => live && setLoaded({ key, state: 'ready', page: result }),
      (error: unknown) => live && setLoaded({ key, state: 'failed', message: String(error) }),
    );
    return () => {
      live = false;
    };
  }, [client, page, q, key]);
  const current = loaded?.key === key ? loaded : undefined;
  const pages = current?.state === 'ready' ? Math.max(1, Math.ceil(current.page.total / THREADS_PAGE_SIZE)) : 1;

  return (
    <div>
      <h1 className={styles.title}>{q ? `Threads matching “${q}”` : 'All Threads'}</h1>
      <ul className="thread-list" aria-busy={!current}>
        {!current && Array.from({ length: 5 }, (_, i) => <li key={i} className="thread-row skeleton" aria-hidden />)}
        {current?.state === 'failed' && (
          <li className="thread-row error">Failed to load threads. Please try refreshing the page.</li>
        )}
        {current?.state === 'ready' && current.page.threads.length === 0 && (
          <li className="thread-row muted">{q ? 'No threads match your search.' : 'No threads yet.'}</li>
        )}
        {current?.state === 'ready' &&
          current.page.threads.map((t) => (
            <li key={t.id} className="thread-row" data-testid="thread-row">
              <Link to="/t/$idOrSlug" params={{ idOrSlug: t.slug }} className="thread-title">
                {t.is_pinned && <span aria-label="Pinned">📌 </span>}
                {t.title}
              </Link>
              <span className="muted thread-meta">
                {t.author?.username ?? 'unknown'} <RoleBadge role={t.author?.role} /> in {t.category?.name} ·{' '}
                {t.reply_count} {t.reply_count === 1 ? 'reply' : 'replies'} · {listAge(t.created_at)}
              </span>
            </li>
          ))}
      </ul>
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Pages">
          {page > 1 && (
            <Link to="/threads" search={{ q, page: page - 1 > 1 ? page - 1 : undefined }} className={styles.pageLink}>
              ← Newer
            </Link>
          )}
          <span className="muted">
            Page {page} of {pages}
          </span>
          {page < pages && (
            <Link to="/threads" search={{ q, page: page + 1 }} className={styles.pageLink}>
              Older →
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
