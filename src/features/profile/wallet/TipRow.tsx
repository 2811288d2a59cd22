// One tip in a profile's lists: the amount, who sent or received it and when, where it stands, and its transaction
// on the explorer.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ago } from '../../../lib/relativeTime.ts';
import { exactGuapx, explorerPage, formatGuapx } from '../../wallet/index.ts';
import styles from '../Profile.module.css';

interface TipRowProps {
  amountWei: string;
  /** "to" the recipient in Tips Sent, "from" the sender in Tips Received. */
  direction: 'to' | 'from';
  /** The other member; null once they deleted their account. */
  member: { id: string; username: string } | null;
  createdAt: string;
  now: number;
  /** The transaction's page on the explorer. */
  explorerUrl: string;
  txHash: string;
  status?: { value: string; text: string };
  action?: ReactNode;
}

export function TipRow({
  amountWei,
  direction,
  member,
  createdAt,
  now,
  explorerUrl,
  txHash,
  status,
  action,
}: TipRowProps) {
  const view = (
    <a href={explorerPage(explorerUrl, 'tx', txHash)} target="_blank" rel="noopener noreferrer">
      View
    </a>
  );
  return (
    <li className={styles.tip} data-status={status?.value}>
      <span className={styles.tipAmount} title={`${exactGuapx(amountWei)} GUAPX`}>
        {formatGuapx(amountWei)} GUAPX
      </span>
      <span className="muted">
        {direction}{' '}
        {member ? (
          <Link to="/profile/$userId" params={{ userId: member.id }}>
            @{member.username}
          </Link>
        ) : (
          'a former member'
        )}{' '}
        · {ago(createdAt, now)}
      </span>
      {status && <strong className={styles.tipStatus}>{status.text}</strong>}
      {status ? (
        <span className={styles.tipActions}>
          {action}
          {view}
        </span>
      ) : (
        view
      )}
    </li>
  );
}

/** What a tips list says while the server's answer is not there: offline, loading or failed. */
export function TipListState({
  state,
  texts,
}: {
  state: string;
  texts: { offline: string; loading: string; failed: string };
}) {
  if (state !== 'offline' && state !== 'loading' && state !== 'failed') return null;
  return <p className="muted">{texts[state]}</p>;
}
