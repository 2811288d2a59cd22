// /review: the review queue of moderators and admins (flagged posts, held posts, silenced members), highest score
// first, each with its score explained, filtered in the database by the URL's status, kind, flag reason, category,
// author and days. A decision carries the item's version: when it is stale the card shows the newer state and says
// so.
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ReviewDecision, ReviewItem } from '../../backend/review.ts';
import { logError } from '../../state/errors/reportError.ts';
import { useMirrorActions } from '../../state/mutations/mirror.ts';
import { useDecideReview, useDeleteSpammer, useReviewQueue, useReviewReads } from '../../state/server/review.ts';
import { useRoleCheck } from '../../state/session/useRoleCheck.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useMinuteClock } from '../../ui/useMinuteClock.ts';
import { AccessDenied } from './AccessDenied.tsx';
import { AgreeDialog, type AgreeChoice } from './AgreeDialog.tsx';
import { DeleteSpammerDialog } from './DeleteSpammerDialog.tsx';
import { ListGate, LoadMore } from './ListStates.tsx';
import { OnlineOnly } from './OnlineOnly.tsx';
import { ReviewItemCard } from './ReviewItemCard.tsx';
import { ReviewFilters } from './ReviewFilters.tsx';
import { SPAMMER_REASON } from './reviewFacts.ts';
import { isFiltered, parseReviewSearch, queueFilters, rangeProblem, type ReviewSearch } from './reviewSearch.ts';
import cardStyles from './ItemCards.module.css';
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
        <ReviewQueue />
      </OnlineOnly>
    </div>
  );
}

const route = getRouteApi('/shell/member/review');

function ReviewQueue() {
  const search = parseReviewSearch(route.useSearch());
  const navigate = useNavigate();
  const setSearch = (next: ReviewSearch) => void navigate({ to: '/review', search: next, replace: true });
  const problem = rangeProblem(search);
  // A range that ends before it starts is not asked for: the filters say what is wrong instead.
  const list = useReviewQueue(queueFilters(problem ? { ...search, from: undefined, to: undefined } : search));
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
        ? await reads.fetchReviewQueue({ status: 'pending' }, null, 100).then(
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
  const shown = list.state === 'ready' && !problem ? list.rows : [];
  return (
    <>
      <ReviewFilters search={search} onChange={setSearch} />
      {!problem && (
        <ListGate
          list={list}
          failed="Failed to load the review queue"
          empty={isFiltered(search) ? 'No item matches these filters' : 'Nothing to review'}
        />
      )}
      {shown.length > 0 && (
        <ul className={cardStyles.cards}>
          {shown.map((item) => (
            <ReviewItemCard
              key={item.id}
              item={item}
              now={now}
              busy={busy === item.id}
              changed={changed.has(item.id)}
              onAgree={setAgreeing}
              onDecide={(it, decision) => void run(it, decision)}
              onDeleteSpammer={setSpammer}
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
