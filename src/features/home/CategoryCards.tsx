// The home page's category cards: one per type, linking to /category/{type}, with 3 placeholders while loading.
import { Link } from '@tanstack/react-router';
import { Icon, type IconName } from '../../ui/icons.tsx';
import type { CategoryType } from '../../data/types.ts';
import { categoryHeading } from '../../data/categoryTypes.ts';
import type { MirrorResult } from '../../state/queries/useMirrorQuery.ts';
import type { CategoryTypeCard } from '../../data/queries/categories.ts';
import type { FirstSync } from '../../state/sync/useFirstSync.ts';
import { LoadFailure } from '../../ui/LoadFailure.tsx';
import styles from './Home.module.css';

const LOOK: Record<CategoryType, { icon: IconName; blurb: string }> = {
  guapcoin: { icon: 'coin', blurb: 'News, mining, wallets and development of GUAPX.' },
  crypto: { icon: 'chart', blurb: 'Markets, other chains, DeFi and trading strategies.' },
  support: { icon: 'lifebuoy', blurb: 'Getting started, troubleshooting and staying safe.' },
};

function Card({ card }: { card: CategoryTypeCard }) {
  const look = LOOK[card.type];
  return (
    <Link to="/category/$type" params={{ type: card.type }} className={styles.card} data-testid="category-card">
      <span className={styles.cardIcon}>
        <Icon name={look.icon} size={22} />
      </span>
      <span className={styles.cardName}>{categoryHeading(card.type)}</span>
      <span className={styles.cardBlurb}>{look.blurb}</span>
      <span className={styles.cardSubs}>{card.categories.map((c) => c.name).join(' · ')}</span>
      <span className={styles.cardCount}>
        {card.threadCount} {card.threadCount === 1 ? 'thread' : 'threads'}
      </span>
    </Link>
  );
}

interface CategoryCardsProps {
  cards: MirrorResult<CategoryTypeCard[]>;
  sync: FirstSync;
}

export function CategoryCards({ cards, sync }: CategoryCardsProps) {
  const none = cards.state === 'ready' && cards.data.length === 0;
  if (cards.state === 'failed' || (none && sync.failed))
    return <LoadFailure title="Failed to load categories" className={styles.none} />;
  if (none && !sync.active) {
    return <p className={styles.none}>No categories yet. They will appear once this device has synced.</p>;
  }
  const loading = cards.state === 'loading' || none;
  return (
    <div className={styles.cards} aria-busy={loading}>
      {loading &&
        Array.from({ length: 3 }, (_, i) => (
          <div key={i} className={`${styles.card} skeleton`} aria-hidden data-testid="category-placeholder" />
        ))}
      {cards.state === 'ready' && cards.data.map((c) => <Card key={c.type} card={c} />)}
    </div>
  );
}
