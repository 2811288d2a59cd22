// A post's heart and like count: a toggle for other members' posts, a count on the member's own, a link to sign in
// for visitors. It changes at once, online or not: the outbox sends it. The title says why when it cannot be
// pressed; the name stays "Like (n likes)", so "Sign In" and "Post" remain the names of the thread's own controls.
import type { ReactNode } from 'react';
import type { LikeState } from '../../data/queries/likes.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { useLikeActions } from '../../state/mutations/likes.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { PathIcon } from '../../ui/icons.tsx';
import styles from './LikeButton.module.css';

/** The heart, drawn here: the shared icon set is on the first screen, and the heart is not. */
const HEART =
  'M12 20s-7.3-4.5-9-9.1C1.8 7.6 3.9 4.5 7.2 4.5c2 0 3.4 1.1 4.8 2.9 1.4-1.8 2.8-2.9 4.8-2.9 3.3 0 5.4 3.1 4.2 6.4C19.3 15.5 12 20 12 20z';

/** Who is looking: a member who may like the post, its author, or a visitor. */
export type LikeMode = 'member' | 'own' | 'visitor';

const likesText = (count: number) => `${count} ${count === 1 ? 'like' : 'likes'}`;

export function LikeButton({
  postId,
  count,
  mode,
  like,
}: {
  postId: string;
  count: number;
  mode: LikeMode;
  like: LikeState | undefined;
}) {
  const content = (
    <>
      <PathIcon d={HEART} size={18} fill={like ? 'currentColor' : 'none'} />
      <span className={styles.count}>{count}</span>
    </>
  );
  if (mode === 'visitor') {
    return (
      <ButtonLink
        to="/auth"
        variant="ghost"
        className={styles.like}
        aria-label={`Like (${likesText(count)})`}
        title="Sign in to like posts"
      >
        {content}
      </ButtonLink>
    );
  }
  if (mode === 'own') {
    return (
      <Button
        variant="ghost"
        className={styles.like}
        disabled
        title="You cannot like your own post"
        aria-label={`Like (${likesText(count)})`}
      >
        {content}
      </Button>
    );
  }
  return (
    <MemberLike postId={postId} count={count} like={like}>
      {content}
    </MemberLike>
  );
}

/** The toggle: only a member's button needs the outbox, so a visitor's (as the server renders it) does not. */
function MemberLike({
  postId,
  count,
  like,
  children,
}: {
  postId: string;
  count: number;
  like: LikeState | undefined;
  children: ReactNode;
}) {
  const actions = useLikeActions();
  const toggle = async () => {
    try {
      await (like ? actions.unlike(postId) : actions.like(postId));
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <Button
      variant="ghost"
      className={`${styles.like} ${like ? styles.liked : ''}`}
      aria-pressed={like !== undefined}
      aria-label={`${like ? 'Unlike' : 'Like'} (${likesText(count)})`}
      title={like === 'sending' ? 'Waiting to send' : undefined}
      data-status={like ?? 'none'}
      onClick={() => void toggle()}
    >
      {children}
    </Button>
  );
}
