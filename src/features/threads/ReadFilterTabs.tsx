// /threads' read filter for a signed-in member: All, Unread (has new posts), New (never opened), kept in the address.
import { Link } from '@tanstack/react-router';
import type { ReadFilter } from './readFilter.ts';
import styles from './AllThreadsPage.module.css';

const FILTERS: { label: string; filter: ReadFilter | undefined }[] = [
  { label: 'All', filter: undefined },
  { label: 'Unread', filter: 'unread' },
  { label: 'New', filter: 'new' },
];

export function ReadFilterTabs({ current, q }: { current: ReadFilter | undefined; q: string | undefined }) {
  return (
    <nav className={styles.filters} aria-label="Show threads">
      {FILTERS.map(({ label, filter }) => (
        <Link
          key={label}
          to="/threads"
          search={{ q, filter }}
          className={styles.filter}
          // Without explicitUndefined the router matches All's filter: undefined against any filter, and marks it current.
          activeOptions={{ explicitUndefined: true }}
          aria-current={filter === current ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
