// The three counters: the member's real thread and reply counts (kept by the database), and Tips Received, which
// stays 0 until the wallet issue.
import type { ProfileView } from '../../state/queries/profile.ts';
import styles from './Profile.module.css';

export function ProfileStats({ profile }: { profile: ProfileView }) {
  const stats = [
    { label: 'Threads', value: profile.thread_count },
    { label: 'Replies', value: profile.reply_count },
    { label: 'Tips Received', value: 0 },
  ];
  return (
    <section className={styles.card} aria-labelledby="profile-activity">
      <h2 id="profile-activity" className={styles.cardTitle}>
        Activity
      </h2>
      <dl className={styles.stats}>
        {stats.map((s) => (
          <div key={s.label} className={styles.stat}>
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
