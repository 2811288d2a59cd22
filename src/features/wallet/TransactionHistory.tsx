// The wallet's Transaction History (SPEC §2): the first 20, each Received or Sent with a status badge, the other
// side's short address, the relative time, the signed amount (a failed one unsigned and struck through, as it moved
// nothing; every wei of it on hover) and View on the explorer; empty and failed states.
import { shortAddress } from '../../lib/shortAddress.ts';
import { fullTime, relativeAge } from '../../lib/relativeTime.ts';
import { LoadFailure } from '../../ui/LoadFailure.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useMinuteClock } from '../../ui/useMinuteClock.ts';
import { exactGuapx, formatSignedGuapx } from './lib/amount.ts';
import type { WalletTransaction } from './lib/explorer.ts';
import { explorerPage } from './lib/walletChain.ts';
import { TRANSACTIONS_FAILED } from './useWalletData.ts';
import styles from './Wallet.module.css';

interface Props {
  /** Undefined until the explorer first answers for this address. */
  transactions: WalletTransaction[] | undefined;
  loading: boolean;
  failed: boolean;
  /** 'as of 5m ago' for a history kept from an earlier visit. */
  age: string | null;
  explorerUrl: string;
  symbol: string;
}

function TransactionItem({
  tx,
  now,
  explorerUrl,
  symbol,
}: { tx: WalletTransaction; now: number } & Pick<Props, 'explorerUrl' | 'symbol'>) {
  const failed = tx.status !== 'success';
  const amount = formatSignedGuapx(tx.value, tx.direction, failed);
  const exact = exactGuapx(tx.value);
  return (
    <li className={styles.tx} data-testid="wallet-transaction">
      <div className={styles.txMain}>
        <span className={styles.direction} data-direction={tx.direction}>
          {tx.direction}
        </span>
        <span className={styles.status} data-status={tx.status}>
          {tx.status === 'success' ? 'Success' : 'Failed'}
        </span>
        <span className="muted">
          {tx.direction === 'Sent' ? 'To' : 'From'} <code title={tx.counterpart}>{shortAddress(tx.counterpart)}</code>
        </span>
      </div>
      <div className={styles.txSide}>
        <span
          className={styles.amount}
          data-direction={failed ? 'failed' : tx.direction}
          title={exact === null ? undefined : `${exact} ${symbol}${failed ? ', not transferred: it failed' : ''}`}
        >
          {amount ?? '—'} {symbol}
        </span>
        <time className="muted" dateTime={tx.timestamp} title={fullTime(tx.timestamp)}>
          {relativeAge(tx.timestamp, now)}
        </time>
        <a
          href={explorerPage(explorerUrl, 'tx', tx.hash)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View transaction ${tx.hash} on the explorer`}
        >
          View
        </a>
      </div>
    </li>
  );
}

export function TransactionHistory({ transactions, loading, failed, age, explorerUrl, symbol }: Props) {
  const now = useMinuteClock();
  return (
    <section className={styles.card} aria-labelledby="wallet-history-heading">
      <div className={styles.row}>
        <h2 id="wallet-history-heading" className={styles.heading}>
          Transaction History
        </h2>
        {age && <span className={styles.age}>{age}</span>}
      </div>
      {failed && <LoadFailure title={TRANSACTIONS_FAILED} />}
      {transactions === undefined ? (
        loading && <Spinner label="Loading transactions…" />
      ) : transactions.length === 0 ? (
        <p className={styles.empty}>No transactions found</p>
      ) : (
        <ul className={styles.txList} aria-label="Transactions">
          {transactions.map((tx) => (
            <TransactionItem key={tx.hash} tx={tx} now={now} explorerUrl={explorerUrl} symbol={symbol} />
          ))}
        </ul>
      )}
    </section>
  );
}
