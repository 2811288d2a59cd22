// A waiting post's status: "Waiting to send", or while the server's rate limit holds it, how long and why
// ("Waiting 4s: you are posting too quickly").
import { useRateLimitWait } from '../../state/sync/useRateLimitWait.ts';
import styles from './Thread.module.css';

export function WaitingMark({ postId }: { postId: string }) {
  const wait = useRateLimitWait(postId);
  if (!wait) return <span className={styles.sending}>Waiting to send</span>;
  return (
    <span className={styles.sending} role="status">
      {wait}
    </span>
  );
}
