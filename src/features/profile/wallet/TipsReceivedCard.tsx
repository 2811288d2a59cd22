// The tips a member received, as the server confirmed them on chain: who sent each, how much, when, and a link to
// the transaction on the explorer. Online only: tips live on the server, not in the mirror; a new confirmed tip
// changes the profile's count (a poke on the forum's topic), and the list is read again.
import { Link } from '@tanstack/react-router';
import { ago } from '../../../lib/relativeTime.ts';
import { useReceivedTips } from '../../../state/server/wallet.ts';
import { useMinuteClock } from '../../../ui/useMinuteClock.ts';
import { explorerPage, formatGuapx, walletChain } from '../../wallet/index.ts';
import styles from '../Profile.module.css';

export function TipsReceivedCard({ userId, count }: { userId: string; count: number }) {
  const tips = useReceivedTips(userId, count);
  const now = useMinuteClock();
  const chain = walletChain();
  return (
    <section className={`${styles.card} ${styles.tipsCard}`} aria-labelledby="profile-tips">
      <h2 id="profile-tips" className={styles.cardTitle}>
        Tips Received
      </h2>
      {tips.state === 'offline' && <p className="muted">Tips show when you are online.</p>}
      {tips.state === 'loading' && <p className="muted">Loading tips...</p>}
      {tips.state === 'failed' && <p className="muted">Failed to load tips</p>}
      {tips.data?.length === 0 && <p className="muted">No tips yet.</p>}
      {tips.data !== undefined && tips.data.length > 0 && (
        <ul className={styles.tips}>
          {tips.data.map((tip) => (
            <li key={tip.id} className={styles.tip}>
              <span className={styles.tipAmount}>{formatGuapx(tip.amount_wei)} GUAPX</span>
              <span className="muted">
                from{' '}
                {tip.sender ? (
                  <Link to="/profile/$userId" params={{ userId: tip.sender.id }}>
                    @{tip.sender.username}
                  </Link>
                ) : (
                  'a former member'
                )}{' '}
                · {ago(tip.created_at, now)}
              </span>
              <a href={explorerPage(chain.explorerUrl, 'tx', tip.tx_hash)} target="_blank" rel="noopener noreferrer">
                View
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
