// The home page (SPEC §2 "Home page"): hero, category cards and the recent threads, all read from the mirror.
import { useCategoryTypeCards } from '../../state/queries/categories.ts';
import { useLatestThreads } from '../../state/queries/threads.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useFirstSync } from '../../state/sync/useFirstSync.ts';
import { FirstSyncNotice } from '../../ui/threadList/FirstSyncNotice.tsx';
import { CategoryCards } from './CategoryCards.tsx';
import { HomeHero } from './HomeHero.tsx';
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
      <HomeHero signedIn={signedIn} />

      {empty && firstSync.active && <FirstSyncNotice />}

      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">Categories</h2>
        <CategoryCards cards={cards} sync={firstSync} />
      </section>

      <RecentThreads threads={threads} sync={firstSync} />
    </div>
  );
}
