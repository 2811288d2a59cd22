// The importer: a category, a source (sample, file or pasted JSON), the preview, then the run with its progress.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '../../state/toast.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { CategorySelect, threadSchema } from '../compose/index.ts';
import styles from './BulkCreatePage.module.css';
import { BulkPreview } from './BulkPreview.tsx';
import { BulkProgress } from './BulkProgress.tsx';
import { BulkSource } from './BulkSource.tsx';
import type { BulkItem } from './parseBulk.ts';
import { useBulkRun } from './useBulkRun.ts';

const NO_CATEGORY = 'Please select a category';
const NO_ITEMS = 'No threads to create';

const threadsLabel = (n: number) => `${n} ${n === 1 ? 'Thread' : 'Threads'}`;

export function BulkCreator() {
  const [categoryId, setCategoryId] = useState('');
  const [categoryError, setCategoryError] = useState<string>();
  const [items, setItems] = useState<BulkItem[]>([]);
  const run = useBulkRun(items, categoryId);
  const navigate = useNavigate();
  const busy = run.state.phase === 'running' || run.state.phase === 'stopping';

  const load = (next: BulkItem[]) => {
    setItems(next);
    run.reset();
  };

  const create = () => {
    if (!threadSchema.shape.categoryId.safeParse(categoryId).success) {
      setCategoryError(NO_CATEGORY);
      toast.error(NO_CATEGORY);
      document.querySelector<HTMLElement>('[data-field="categoryId"]')?.focus();
      return;
    }
    if (items.length === 0) {
      toast.error(NO_ITEMS);
      return;
    }
    void run.start();
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>Bulk Thread Creation</h1>
          <p className={styles.muted}>
            Create many threads at once from JSON or CSV. Each one is posted as you, one at a time.
          </p>
        </div>
        <ButtonLink to="/moderation" variant="ghost" className={styles.back}>
          Back to Moderation
        </ButtonLink>
      </header>

      <section className={styles.card} aria-labelledby="bulk-source-heading">
        <h2 id="bulk-source-heading" className={styles.subheading}>
          Source
        </h2>
        <fieldset className={styles.fieldset} disabled={busy}>
          <CategorySelect
            value={categoryId}
            error={categoryError}
            onChange={(next) => {
              setCategoryId(next);
              setCategoryError(undefined);
            }}
          />
          <BulkSource onLoad={load} />
        </fieldset>
      </section>

      <BulkPreview items={items} results={run.state.results} current={run.state.current} />

      <BulkProgress items={items} run={run} />

      <div className={styles.actions}>
        <Button onClick={() => void navigate({ to: '/moderation' })}>Cancel</Button>
        <Button
          variant="primary"
          onClick={create}
          disabled={!run.canStart}
          aria-describedby={run.state.phase === 'done' ? 'bulk-again-hint' : undefined}
        >
          {`Create ${threadsLabel(items.length)}`}
        </Button>
      </div>
      {run.state.phase === 'done' && (
        <p id="bulk-again-hint" className={styles.againHint}>
          These threads have been run. To import more, load a new file, the sample or pasted JSON.
        </p>
      )}
    </div>
  );
}
