// /threads ("View All"): every thread in the mirror, newest first, 20 to a page, with the same rows as a category.
// ?q= keeps only the threads whose title holds the text; a signed-in member also filters by read state (?filter=)
// and marks everything read.
import { Link, useSearch } from '@tanstack/react-router';
import type { ReadFilter } from './readFilter.ts';
import type { ThreadPage } from '../../data/queries/threads.ts';
import { THREADS_PAGE_SIZE, useAllThreads } from '../../state/queries/allThreads.ts';
import type { MirrorResult } from '../../state/queries/useMirrorQuery.ts';
import { useReader } from '../../state/queries/readState.ts';
import type { Reader } from '../../data/queries/readState.ts';
import { MarkAllReadButton } from '../../ui/threadList/MarkAllReadButton.tsx';
import { Pager } from '../../ui/threadList/Pager.tsx';
import { ThreadListView } from '../../ui/threadList/ThreadListView.tsx';
import { ReadFilterTabs } from './ReadFilterTabs.tsx';
import { useReadFilteredThreads } from '../../state/queries/readMarks.ts';
import styles from './AllThreadsPage.module.css';

const EVERYTHING = [null];

const EMPTY_TEXTS: Record<ReadFilter, string> = {
  unread: 'No unread threads: you are all caught up.',
  new: 'No new threads since your last visit.',
};

function ThreadsOfPage({
  result,
  page,
  q,
  filter,
}: {
  result: MirrorResult<ThreadPage>;
  page: number;
  q: string | undefined;
  filter: ReadFilter | undefined;
}) {
  const emptyText = q ? 'No threads match your search.' : filter ? EMPTY_TEXTS[filter] : 'No threads yet.';
  return (
    <>
      <ThreadListView result={result} empty={<p className={styles.empty}>{emptyText}</p>} />
      {result.state === 'ready' && (
        <Pager
          page={page}
          pages={Math.ceil(result.data.total / THREADS_PAGE_SIZE)}
          link={(to, text) => (
            <Link to="/threads" search={{ q, filter, page: to > 1 ? to : undefined }}>
              {text}
            </Link>
          )}
        />
      )}
    </>
  );
}

function FilteredThreads({
  reader,
  filter,
  page,
  q,
}: {
  reader: Reader;
  filter: ReadFilter;
  page: number;
  q?: string;
}) {
  const result = useReadFilteredThreads(reader, filter, page, q);
  return <ThreadsOfPage result={result} page={page} q={q} filter={filter} />;
}

function EveryThread({ page, q }: { page: number; q?: string }) {
  const result = useAllThreads(page, q);
  return <ThreadsOfPage result={result} page={page} q={q} filter={undefined} />;
}

export function AllThreadsPage() {
  const { page = 1, q, filter } = useSearch({ from: '/shell/threads' });
  const reader = useReader();
  // Signed out, there is no read state: the filter is ignored.
  const readFilter = reader ? filter : undefined;
  return (
    <div>
      <div className={styles.head}>
        <h1 className={styles.title}>{q ? `Threads matching “${q}”` : 'All Threads'}</h1>
        {reader && <MarkAllReadButton categoryIds={EVERYTHING} />}
      </div>
      {reader && <ReadFilterTabs current={readFilter} q={q} />}
      {reader && readFilter ? (
        <FilteredThreads reader={reader} filter={readFilter} page={page} q={q} />
      ) : (
        <EveryThread page={page} q={q} />
      )}
    </div>
  );
}
