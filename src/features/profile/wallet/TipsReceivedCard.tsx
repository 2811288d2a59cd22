// The tips a member received, as the server confirmed them on chain: who sent each, how much, when, and a link to
// the transaction on the explorer. Online only: tips live on the server, not in the mirror; a new confirmed tip
// changes the profile's count (a poke on the forum's topic), and the list is read again.
import { useReceivedTips } from '../../../state/server/wallet.ts';
import { useMinuteClock } from '../../../ui/useMinuteClock.ts';
import { walletChain } from '../../wallet/index.ts';
import { TipListState, TipRow } from './TipRow.tsx';
import styles from '../Profile.module.css';

const RECEIVED_STATES = {
  offline: 'Tips show when you are online.',
  loading: 'Loading tips...',
  failed: 'Failed to load tips',
};

export function TipsReceivedCard({ userId, count }: { userId: string; count: number }) {
  const tips = useReceivedTips(userId, count);
  const now = useMinuteClock();
  const { explorerUrl } = walletChain();
  return (
    <section className={`${styles.card} ${styles.tipsCard}`} aria-labelledby="profile-tips">
      <h2 id="profile-tips" className={styles.cardTitle}>
        Tips Received
      </h2>
      <TipListState state={tips.state} texts={RECEIVED_STATES} />
      {tips.data?.length === 0 && <p className="muted">No tips yet.</p>}
      {tips.data !== undefined && tips.data.length > 0 && (
        <ul className={styles.tips}>
          {tips.data.map((tip) => (
            <TipRow
              key={tip.id}
              amountWei={tip.amount_wei}
              direction="from"
              member={tip.sender}
              createdAt={tip.created_at}
              now={now}
              explorerUrl={explorerUrl}
              txHash={tip.tx_hash}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
