// The home page's category cards: one per type, linking to /category/{type}, with 3 placeholders while loading.
import { Link } from '@tanstack/react-router';
import { Icon, type IconName } from '../../ui/icons.tsx';
import type { CategoryType } from '../../data/types.ts';
import { categoryHeading } from '../../lib/categoryTypes.ts';
import type { MirrorResult } from '../../state/queries/useMirrorQuery.ts';
import type { CategoryTypeCard } from '../../data/queries/categories.ts';
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

export function CategoryCards({ cards, waiting }: { cards: MirrorResult<CategoryTypeCard[]>; waiting: boolean }) {
  const loading = cards.state === 'loading' || (cards.state === 'ready' && cards.data.length === 0 && waiting);
  return (
    <div className={styles.cards} aria-busy={loading}>
      {loading &&
        Array.from({ length: 3 }, (_, i) => (
          <div key={i} className={`${styles.card} skeleton`} aria-hidden data-testid="category-placeholder" />
        ))}
      {cards.state === 'failed' && <p className="error">Failed to load categories. Please try refreshing the page.</p>}
      {!loading && cards.state === 'ready' && cards.data.map((c) => <Card key={c.type} card={c} />)}
      {!loading && cards.state === 'ready' && cards.data.length === 0 && (
        <p className="muted">No categories yet. They will appear once this device has synced.</p>
      )}
    </div>
  );
}
