// /threads ("View All"): every thread in the mirror, newest first, 20 to a page, with the same rows as a category.
// ?q= keeps only the threads whose title holds the text.
import { Link, useSearch } from '@tanstack/react-router';
import { THREADS_PAGE_SIZE, useAllThreads } from '../../state/queries/allThreads.ts';
import { Pager } from '../../ui/threadList/Pager.tsx';
import { ThreadListView } from '../../ui/threadList/ThreadListView.tsx';
import styles from './AllThreadsPage.module.css';

export function AllThreadsPage() {
  const { page = 1, q } = useSearch({ from: '/shell/threads' });
  const result = useAllThreads(page, q);
  return (
    <div>
      <h1 className={styles.title}>{q ? `Threads matching “${q}”` : 'All Threads'}</h1>
      <ThreadListView
        result={result}
        empty={<p className={styles.empty}>{q ? 'No threads match your search.' : 'No threads yet.'}</p>}
      />
      {result.state === 'ready' && (
        <Pager
          page={page}
          pages={Math.ceil(result.data.total / THREADS_PAGE_SIZE)}
          link={(to, text) => (
            <Link to="/threads" search={{ q, page: to > 1 ? to : undefined }}>
              {text}
            </Link>
          )}
        />
      )}
    </div>
  );
}
