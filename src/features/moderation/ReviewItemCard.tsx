// One item of the review queue: what it is (a flagged post, a held post, a silenced member), the post with its
// author and category, its score explained flag by flag, and, while pending, Agree, Disagree, Ignore and Delete
// spammer.
import { Link } from '@tanstack/react-router';
import type { ReviewDecision, ReviewItem } from '../../backend/review.ts';
import { Button } from '../../ui/Button.tsx';
import { ago, reasonName } from './moderationFacts.ts';
import { flagWeight, ITEM_CHANGED, kindName, scoreSum, scoreText, statusName } from './reviewFacts.ts';
import cardStyles from './ItemCards.module.css';
import styles from './Moderation.module.css';
import review from './Review.module.css';

interface ReviewItemCardProps {
  item: ReviewItem;
  now: number;
  busy: boolean;
  /** A decision met a newer state (409): the card shows that state, and says so. */
  changed: boolean;
  onAgree(item: ReviewItem): void;
  onDecide(item: ReviewItem, decision: ReviewDecision): void;
  onDeleteSpammer(item: ReviewItem): void;
}

function ScoreExplained({ item }: { item: ReviewItem }) {
  if (item.flags.length === 0) return null;
  return (
    <div className={cardStyles.reporters} aria-label="Score explained">
      <span className={`muted ${cardStyles.reportersLabel}`}>
        {item.flags.length === 1 ? 'Flag' : 'Flags'} {scoreSum(item)}
      </span>
      <ul className={cardStyles.reporterRows}>
        {item.flags.map((flag, i) => (
          <li key={flag.reporterId ?? i} className={cardStyles.reporterRow} data-testid="review-flag">
            <span className={cardStyles.reporterName}>{flag.username ? `@${flag.username}` : 'A deleted member'}</span>
            <span className={cardStyles.reasonChip}>{reasonName(flag.reason)}</span>
            <span className={`muted ${cardStyles.reporterCount}`}>weight {flagWeight(flag)}</span>
            {flag.details && <span className={review.flagDetails}>“{flag.details}”</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ReviewItemCard(props: ReviewItemCardProps) {
  const { item, now, busy, changed, onAgree, onDecide, onDeleteSpammer } = props;
  const pending = item.status === 'pending';
  const author = item.target_username ? `@${item.target_username}` : 'a deleted member';
  return (
    <li className={cardStyles.card} data-testid="review-item">
      {changed && (
        <p className={review.changed} role="alert">
          {ITEM_CHANGED}
        </p>
      )}
      <div className={cardStyles.cardHead}>
        <div className={styles.names}>
          <span className={review.kindMark}>{kindName(item.kind)}</span>
          <strong className={cardStyles.threadTitle}>
            {item.post_id ? (item.thread_title ?? 'A thread') : author}
          </strong>
          <span className={`muted ${cardStyles.byline}`}>
            {item.post_id && (
              <>
                by {author}
                {item.category && <> in {item.category}</>} ·{' '}
              </>
            )}
            queued {ago(item.created_at, now)}
          </span>
        </div>
        <span className={cardStyles.count}>Score {scoreText(item.score)}</span>
      </div>
      {!pending && <span className={styles.hiddenMark}>{statusName(item.status)}</span>}
      {item.reason && <p className={cardStyles.reason}>Why: {item.reason}</p>}
      {item.post_id && <blockquote className={cardStyles.excerpt}>{item.post_excerpt || 'No text'}</blockquote>}
      <ScoreExplained item={item} />
      <div className={`${cardStyles.cardActions} ${review.decisions}`}>
        {item.post_id && item.thread_id ? (
          <Link
            to="/thread/$id"
            params={{ id: item.thread_id }}
            hash={`post-${item.post_id}`}
            className={cardStyles.openLink}
          >
            Open post
          </Link>
        ) : (
          item.target_user_id && (
            <Link to="/profile/$userId" params={{ userId: item.target_user_id }} className={cardStyles.openLink}>
              Open profile
            </Link>
          )
        )}
        {pending && (
          <>
            <Button variant="danger" onClick={() => onAgree(item)} disabled={busy}>
              Agree…
            </Button>
            <Button onClick={() => onDecide(item, 'disagree')} disabled={busy}>
              Disagree
            </Button>
            <Button variant="ghost" onClick={() => onDecide(item, 'ignore')} disabled={busy}>
              Ignore
            </Button>
            {item.target_user_id && (
              <Button variant="danger" onClick={() => onDeleteSpammer(item)} disabled={busy}>
                Delete spammer…
              </Button>
            )}
          </>
        )}
      </div>
    </li>
  );
}
