// "Reported" on a post the member reported; while the server's daily report limit holds the report back, how long
// it waits and why ("Waiting 23 h: you can report 20 posts a day").
import { useRateLimitWait } from '../../state/sync/useRateLimitWait.ts';
import styles from './Thread.module.css';

export function ReportedMark({ postId }: { postId: string }) {
  const wait = useRateLimitWait(postId);
  if (!wait) return <span className={`muted ${styles.reported}`}>Reported</span>;
  return (
    <span className={`muted ${styles.reported}`} role="status">
      {wait}
    </span>
  );
}
