// The preview: each item's title and the start of its content, what the rules would refuse, and during and after a
// run where each item stands.
import { Link } from '@tanstack/react-router';
import { plainText } from '../../content/snippet.ts';
import styles from './BulkCreatePage.module.css';
import type { ItemResult } from './bulkRun.ts';
import type { BulkItem } from './parseBulk.ts';
import { itemProblem } from './useBulkRun.ts';

const EXCERPT_LENGTH = 140;

function excerpt(content: string): string {
  const text = plainText(content);
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;
}

function ItemState({ result, running }: { result: ItemResult | undefined; running: boolean }) {
  if (!result) return running ? <span className={styles.state}>Creating…</span> : null;
  if (result.status === 'created')
    return (
      <Link to="/thread/$id" params={{ id: result.threadId }} className={`${styles.state} ${styles.created}`}>
        Created
      </Link>
    );
  if (result.status === 'waiting') return <span className={styles.state}>Waiting to send</span>;
  if (result.status === 'invalid') return <span className={`${styles.state} ${styles.failed}`}>Invalid</span>;
  return <span className={`${styles.state} ${styles.failed}`}>Failed</span>;
}

interface BulkPreviewProps {
  items: BulkItem[];
  results: Partial<Record<number, ItemResult>>;
  current: number | null;
}

export function BulkPreview({ items, results, current }: BulkPreviewProps) {
  return (
    <section className={styles.card} aria-labelledby="bulk-preview-heading">
      <h2 id="bulk-preview-heading" className={styles.subheading}>
        Preview <span className={styles.count}>({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className={styles.muted}>Nothing to create yet: load the sample data, upload a file or paste JSON.</p>
      ) : (
        <ol className={styles.previewList} aria-label="Threads to create">
          {items.map((item, index) => {
            const problem = itemProblem(item);
            return (
              // The list is replaced as a whole, never reordered: the position is the item's identity.
              <li key={index} className={styles.previewItem} data-testid="bulk-item">
                <div className={styles.previewText}>
                  <strong className={styles.previewTitle}>{item.title}</strong>
                  <span className={styles.excerpt}>{excerpt(item.content) || 'No content'}</span>
                  {problem && <span className={styles.problem}>{problem}</span>}
                </div>
                <ItemState result={results[index]} running={current === index} />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
