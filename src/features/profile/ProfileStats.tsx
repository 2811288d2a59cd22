// The three counters, each kept by the database: threads, replies, and Tips Received (the tips it confirmed on
// chain).
import type { ProfileView } from '../../state/queries/profile.ts';
import styles from './Profile.module.css';

export function ProfileStats({ profile }: { profile: ProfileView }) {
  const stats = [
    { label: 'Threads', value: profile.thread_count },
    { label: 'Replies', value: profile.reply_count },
    { label: 'Tips Received', value: profile.tips_received },
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
