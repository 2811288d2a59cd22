// Previous / Next page links with "Page n of m": long lists show one page at a time, never every row at once.
import type { ReactNode } from 'react';
import styles from './ThreadList.module.css';

export function Pager({
  page,
  pages,
  link,
}: {
  page: number;
  pages: number;
  /** Renders the link to a page with the given text. */
  link: (page: number, text: ReactNode) => ReactNode;
}) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Pages">
      {page > 1 ? link(page - 1, '← Previous') : <span />}
      <span className="muted" data-testid="page-status">
        Page {page} of {pages}
      </span>
      {page < pages ? link(page + 1, 'Next →') : <span />}
    </nav>
  );
}
