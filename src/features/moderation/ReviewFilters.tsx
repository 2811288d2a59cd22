// The review queue's filters: status, kind, flag reason, category, author and the days queued. Each change goes
// into the URL (the database applies them); the author is applied on Enter or on leaving the field.
import { useId, useState } from 'react';
import { useCategories } from '../../state/queries/categories.ts';
import { dataOrThrow } from '../../state/queries/useMirrorQuery.ts';
import { Button } from '../../ui/Button.tsx';
import { CategoryOptions } from '../../ui/CategoryOptions.tsx';
import { FLAG_REASONS, REVIEW_KINDS, REVIEW_STATUSES } from './reviewFacts.ts';
import { isFiltered, rangeProblem, type ReviewSearch } from './reviewSearch.ts';
import styles from './Moderation.module.css';
import review from './Review.module.css';

interface ReviewFiltersProps {
  search: ReviewSearch;
  onChange(next: ReviewSearch): void;
}

/** The status as the URL holds it: pending is the default, left out. */
const statusOf = (value: string) =>
  value === 'pending' ? undefined : REVIEW_STATUSES.find((s) => s.value === value)?.value;

/** A select's or a field's value as a filter: '' is none. */
const orNone = (value: string) => value || undefined;

export function ReviewFilters({ search, onChange }: ReviewFiltersProps) {
  const id = useId();
  const categories = dataOrThrow(useCategories());
  const [author, setAuthor] = useState(search.author ?? '');
  const [shownAuthor, setShownAuthor] = useState(search.author);
  // The URL's author (Back, Clear) replaces what was typed.
  if (shownAuthor !== search.author) {
    setShownAuthor(search.author);
    setAuthor(search.author ?? '');
  }
  const set = (change: Partial<ReviewSearch>) => onChange({ ...search, ...change });
  const applyAuthor = () => {
    const name = orNone(author.trim().replace(/^@/, ''));
    if (name !== search.author) set({ author: name });
  };
  const problem = rangeProblem(search);
  return (
    <form
      className={styles.filters}
      role="search"
      aria-label="Filter the queue"
      onSubmit={(e) => {
        e.preventDefault();
        applyAuthor();
      }}
    >
      <label className={styles.filter} htmlFor={`${id}-status`}>
        <span>Status</span>
        <select
          id={`${id}-status`}
          value={search.status ?? 'pending'}
          onChange={(e) => set({ status: statusOf(e.target.value) })}
        >
          {REVIEW_STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filter} htmlFor={`${id}-kind`}>
        <span>Kind</span>
        <select id={`${id}-kind`} value={search.kind ?? ''} onChange={(e) => set({ kind: orNone(e.target.value) })}>
          <option value="">All kinds</option>
          {REVIEW_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filter} htmlFor={`${id}-reason`}>
        <span>Reason</span>
        <select
          id={`${id}-reason`}
          value={search.reason ?? ''}
          onChange={(e) => set({ reason: orNone(e.target.value) })}
        >
          <option value="">Any reason</option>
          {FLAG_REASONS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filter} htmlFor={`${id}-category`}>
        <span>Category</span>
        <select
          id={`${id}-category`}
          value={search.category ?? ''}
          onChange={(e) => set({ category: orNone(e.target.value) })}
        >
          <option value="">Any category</option>
          <CategoryOptions categories={categories} />
        </select>
      </label>
      <label className={styles.filter} htmlFor={`${id}-author`}>
        <span>Author</span>
        <input
          id={`${id}-author`}
          type="search"
          value={author}
          placeholder="username"
          autoComplete="off"
          maxLength={50}
          onChange={(e) => setAuthor(e.target.value)}
          onBlur={applyAuthor}
        />
      </label>
      <label className={styles.filter} htmlFor={`${id}-from`}>
        <span>From</span>
        <input
          id={`${id}-from`}
          type="date"
          value={search.from ?? ''}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => set({ from: orNone(e.target.value) })}
        />
      </label>
      <label className={styles.filter} htmlFor={`${id}-to`}>
        <span>To</span>
        <input
          id={`${id}-to`}
          type="date"
          value={search.to ?? ''}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => set({ to: orNone(e.target.value) })}
        />
      </label>
      {isFiltered(search) && (
        <Button variant="ghost" onClick={() => onChange({ status: search.status })}>
          Clear
        </Button>
      )}
      {problem && (
        <p className={review.filterProblem} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
