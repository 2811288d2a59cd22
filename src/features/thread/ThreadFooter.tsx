// Below the posts: the locked notice, the reason a banned member cannot post, the sign-in prompt, or the reply form.
import { forwardRef, Suspense, useState } from 'react';
import { ButtonLink } from '../../ui/Button.tsx';
import { Icon } from '../../ui/icons.tsx';
import type { ContentEditorHandle } from '../editor/index.ts';
import { replyFormComponent } from './replyFormCode.ts';
import styles from './Thread.module.css';

export type FooterKind = 'locked' | 'signedOut' | 'banned' | 'reply';

interface ThreadFooterProps {
  kind: FooterKind;
  threadId: string;
  online: boolean;
  draft: string;
  onDraftChange(text: string): void;
}

export const ThreadFooter = forwardRef<ContentEditorHandle, ThreadFooterProps>(function ThreadFooter(
  { kind, threadId, online, draft, onDraftChange },
  ref,
) {
  // Chosen once: a component that changed from the lazy one to the loaded one would mount anew, losing the focus.
  const [ReplyForm] = useState(replyFormComponent);
  if (kind === 'reply') {
    return (
      <Suspense fallback={null}>
        <ReplyForm ref={ref} threadId={threadId} online={online} text={draft} onTextChange={onDraftChange} />
      </Suspense>
    );
  }
  if (kind === 'locked') {
    return (
      <p className={`${styles.notice} ${styles.noteLine}`} role="note">
        <Icon name="shield" size={18} aria-hidden /> This thread is locked. New replies are not allowed.
      </p>
    );
  }
  if (kind === 'banned') {
    return (
      <p className={`${styles.notice} ${styles.noteLine}`} role="note">
        <Icon name="alert" size={18} aria-hidden /> Your account has been banned by a moderator, so you cannot post
        replies. Contact the moderators if you think this is a mistake.
      </p>
    );
  }
  return (
    <div className={styles.notice}>
      <span>Sign in to join the discussion and reply to this thread.</span>
      <ButtonLink to="/auth" variant="primary">
        Sign In
      </ButtonLink>
    </div>
  );
});
