// The home page (SPEC §2 "Home page"): hero, category cards and the recent threads, all read from the mirror.
import { useCategoryTypeCards } from '../../state/queries/categories.ts';
import { useLatestThreads } from '../../state/queries/threads.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useFirstSync } from '../../state/sync/useFirstSync.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { FirstSyncNotice } from '../../ui/threadList/FirstSyncNotice.tsx';
import { CategoryCards } from './CategoryCards.tsx';
import { RecentThreads } from './RecentThreads.tsx';
import styles from './Home.module.css';

/** SPEC §9: the home page lists the 10 latest threads. */
const RECENT_COUNT = 10;

export function HomePage() {
  const cards = useCategoryTypeCards();
  const threads = useLatestThreads(RECENT_COUNT);
  const firstSync = useFirstSync();
  // Members have an account already: the sign-up button would only bounce them back here.
  const signedIn = useSession((s) => s.user !== null);
  const empty = cards.state === 'ready' && cards.data.length === 0;
  return (
    <div className={styles.home}>
      <section className="hero">
        <h1>Welcome to the GuapCoin Forum</h1>
        <p className="muted">
          News, help and discussion for everyone who holds, builds with or is curious about GUAPX.
        </p>
        <div className="hero-actions">
          <ButtonLink to="/create-thread" variant="primary">
            Start a Discussion
          </ButtonLink>
          {!signedIn && (
            <ButtonLink to="/auth" search={{ register: true }}>
              Signup here
            </ButtonLink>
          )}
        </div>
      </section>

      {empty && firstSync.active && <FirstSyncNotice sync={firstSync} />}

      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">Categories</h2>
        <CategoryCards cards={cards} sync={firstSync} />
      </section>

      <RecentThreads threads={threads} sync={firstSync} />
    </div>
  );
}
