// /review: the review queue of moderators and admins (flagged posts, held posts, silenced members), highest score
// first, each with its score explained, filtered by status (the server's) and by kind and flag reason (the items
// loaded). A decision carries the item's version: when it is stale the card shows the newer state and says so.
import { useId, useState } from 'react';
import type { ReviewDecision, ReviewItem, ReviewStatus } from '../../backend/review.ts';
import { logError } from '../../state/errors/reportError.ts';
import { useMirrorActions } from '../../state/mutations/mirror.ts';
import { useDecideReview, useDeleteSpammer, useReviewQueue, useReviewReads } from '../../state/server/review.ts';
import { useRoleCheck } from '../../state/session/useRoleCheck.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useMinuteClock } from '../../ui/useMinuteClock.ts';
import { AccessDenied } from './AccessDenied.tsx';
import { AgreeDialog, type AgreeChoice } from './AgreeDialog.tsx';
import { DeleteSpammerDialog } from './DeleteSpammerDialog.tsx';
import { ListGate, LoadMore } from './ListStates.tsx';
import { OnlineOnly } from './OnlineOnly.tsx';
import { ReviewItemCard } from './ReviewItemCard.tsx';
import {
  FLAG_REASONS,
  matchesFilter,
  REVIEW_KINDS,
  REVIEW_STATUSES,
  SPAMMER_REASON,
  type ItemFilter,
} from './reviewFacts.ts';
import styles from './Moderation.module.css';

export function ReviewPage() {
  const check = useRoleCheck(['admin', 'moderator']);
  if (check.state === 'loading') return <Spinner />;
  if (check.state === 'denied') return <AccessDenied role={check.role} userId={check.userId} page="/review" />;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.heading}>Review</h1>
          <p className="muted">Flagged posts, held posts and silenced members, highest score first.</p>
        </div>
      </header>
      <OnlineOnly what="The review queue">
        <ReviewQueue admin={check.role === 'admin'} />
      </OnlineOnly>
    </div>
  );
}

const ALL_ITEMS: ItemFilter = { kind: '', reason: '' };

function QueueFilters(props: {
  status: ReviewStatus;
  filter: ItemFilter;
  onStatus(status: ReviewStatus): void;
  onFilter(filter: ItemFilter): void;
}) {
  const id = useId();
  const { status, filter, onStatus, onFilter } = props;
  return (
    <div className={styles.filters}>
      <label className={styles.filter} htmlFor={`${id}-status`}>
        <span>Status</span>
        <select id={`${id}-status`} value={status} onChange={(e) => onStatus(e.target.value as ReviewStatus)}>
          {REVIEW_STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filter} htmlFor={`${id}-kind`}>
        <span>Kind</span>
        <select id={`${id}-kind`} value={filter.kind} onChange={(e) => onFilter({ ...filter, kind: e.target.value })}>
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
          value={filter.reason}
          onChange={(e) => onFilter({ ...filter, reason: e.target.value })}
        >
          <option value="">Any reason</option>
          {FLAG_REASONS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <Button variant="ghost" onClick={() => onFilter(ALL_ITEMS)}>
        Clear
      </Button>
    </div>
  );
}

function ReviewQueue({ admin }: { admin: boolean }) {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [filter, setFilter] = useState<ItemFilter>(ALL_ITEMS);
  const list = useReviewQueue(status);
  const decide = useDecideReview();
  const deleteSpammer = useDeleteSpammer();
  const reads = useReviewReads();
  const { pull } = useMirrorActions();
  const now = useMinuteClock();
  const [busy, setBusy] = useState<string>();
  const [agreeing, setAgreeing] = useState<ReviewItem | null>(null);
  const [spammer, setSpammer] = useState<ReviewItem | null>(null);
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());

  const replace = (id: string, next: ReviewItem | null) => {
    if (list.state === 'ready') list.update((rows) => rows.flatMap((r) => (r.id === id ? (next ? [next] : []) : [r])));
  };
  /** After a 409: the item as the server has it now, its flags read again while it is still pending. */
  const showNewer = async (item: ReviewItem, now: { status: string; version: number }) => {
    const fresh =
      now.status === 'pending'
        ? await reads.fetchReviewQueue('pending', null, 100).then(
            (page) => page.rows.find((r) => r.id === item.id),
            (error: unknown) => void logError(error, 'Failed to read the review item again'),
          )
        : undefined;
    replace(item.id, fresh ?? { ...item, status: now.status, version: now.version });
    setChanged((ids) => new Set(ids).add(item.id));
  };
  const run = async (item: ReviewItem, decision: ReviewDecision, choice?: AgreeChoice) => {
    setBusy(item.id);
    const outcome = await decide.run(item, decision, choice?.penalty ?? null);
    if (outcome.ok && outcome.value.decided) {
      replace(item.id, null);
      // Hidden and restored posts reach this device's mirror, and the sidebar's count is asked again.
      void pull();
    } else if (outcome.ok) await showNewer(item, outcome.value);
    setBusy(undefined);
  };
  /** The member's items all leave the queue: their posts are deleted and their pending items agreed. */
  const removeSpammer = async (item: ReviewItem) => {
    setBusy(item.id);
    const member = item.target_user_id;
    if (member && (await deleteSpammer.run(member, SPAMMER_REASON)).ok) {
      if (list.state === 'ready') list.update((rows) => rows.filter((r) => r.target_user_id !== member));
      setSpammer(null);
      void pull();
    }
    setBusy(undefined);
  };
  const shown = list.state === 'ready' ? list.rows.filter((item) => matchesFilter(item, filter)) : [];
  return (
    <>
      <QueueFilters status={status} filter={filter} onStatus={setStatus} onFilter={setFilter} />
      <ListGate list={list} failed="Failed to load the review queue" empty="Nothing to review" />
      {list.state === 'ready' && list.rows.length > 0 && shown.length === 0 && (
        <p className={styles.empty} role="status">
          No loaded item matches these filters
        </p>
      )}
      {shown.length > 0 && (
        <ul className={styles.cards}>
          {shown.map((item) => (
            <ReviewItemCard
              key={item.id}
              item={item}
              now={now}
              busy={busy === item.id}
              changed={changed.has(item.id)}
              onAgree={setAgreeing}
              onDecide={(it, decision) => void run(it, decision)}
              {...(admin ? { onDeleteSpammer: setSpammer } : {})}
            />
          ))}
        </ul>
      )}
      <LoadMore list={list} failed="Failed to load more items" />
      <AgreeDialog
        item={agreeing}
        busy={busy !== undefined}
        onClose={() => setAgreeing(null)}
        onAgree={(item, choice) => {
          setAgreeing(null);
          void run(item, 'agree', choice);
        }}
      />
      <DeleteSpammerDialog
        item={spammer}
        busy={busy !== undefined}
        onClose={() => setSpammer(null)}
        onConfirm={(item) => void removeSpammer(item)}
      />
    </>
  );
}
