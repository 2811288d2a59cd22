// The owner's tips, on their own profile: each with its amount, recipient and where it stands. A tip not recorded
// yet waits on this device (offline) or was refused (with Retry and Discard); a recorded one is pending until the
// explorer confirms it (the server checks it again on a schedule, and "Check again" asks now), then confirmed,
// failed or expired. A settled tip shows here without a reload: the server's poke makes the list read again.
import type { SentTip, TipStatus } from '../../../backend/wallet.ts';
import { useUnrecordedTips } from '../../../state/queries/tips.ts';
import { useCheckTip, useSentTips } from '../../../state/server/wallet.ts';
import { useSyncStatusOf } from '../../../state/sync/SyncContext.tsx';
import { Button } from '../../../ui/Button.tsx';
import { RefusedWrite } from '../../../ui/RefusedWrite.tsx';
import { useMinuteClock } from '../../../ui/useMinuteClock.ts';
import { formatGuapx, walletChain } from '../../wallet/index.ts';
import { TipListState, TipRow } from './TipRow.tsx';
import styles from '../Profile.module.css';

const STATUS_TEXT: Record<TipStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  failed: 'Failed on chain',
  expired: 'Never confirmed',
};

const SENT_STATES = {
  offline: 'Your recorded tips show when you are online.',
  loading: 'Loading your tips...',
  failed: 'Failed to load your tips',
};

function CheckAgain({ tip }: { tip: SentTip }) {
  const { run, pending } = useCheckTip();
  const online = useSyncStatusOf((s) => s.online);
  return (
    <Button onClick={() => void run(tip.id)} disabled={pending || !online}>
      {pending ? 'Checking...' : 'Check again'}
    </Button>
  );
}

export function TipsSentCard({ userId }: { userId: string }) {
  const unrecorded = useUnrecordedTips(userId);
  const outbox = unrecorded.state === 'ready' ? unrecorded.data.waiting : [];
  const failed = unrecorded.state === 'ready' ? unrecorded.data.failed : [];
  // A tip leaving the outbox was just recorded: the server's list is read again to show it.
  const recorded = useSentTips(userId, outbox.length);
  const now = useMinuteClock();
  const { explorerUrl } = walletChain();
  const tips = recorded.data ?? [];
  // The server's list may hold a tip before its outbox entry has settled: it shows once, as recorded.
  const onServer = new Set(tips.flatMap((tip) => [tip.id, tip.tx_hash]));
  const waiting = outbox.filter((entry) => !onServer.has(entry.write.tip.id) && !onServer.has(entry.write.tip.tx_hash));
  const nothing = recorded.data?.length === 0 && waiting.length === 0 && failed.length === 0;
  return (
    <section className={`${styles.card} ${styles.tipsCard}`} aria-labelledby="profile-tips-sent">
      <h2 id="profile-tips-sent" className={styles.cardTitle}>
        Tips Sent
      </h2>
      {failed.map((entry) => (
        <RefusedWrite
          key={entry.id}
          entryId={entry.id}
          label="Tip not recorded"
          what={`Tip of ${formatGuapx(entry.write.tip.amount_wei)} GUAPX to @${entry.write.recipientName} not recorded`}
          reason={entry.reason}
        />
      ))}
      <TipListState state={recorded.state} texts={SENT_STATES} />
      {nothing && <p className="muted">No tips sent yet.</p>}
      {(waiting.length > 0 || tips.length > 0) && (
        <ul className={styles.tips}>
          {waiting.map((entry) => (
            <li key={entry.id} className={styles.tip} data-status="waiting">
              <span className={styles.tipAmount}>{formatGuapx(entry.write.tip.amount_wei)} GUAPX</span>
              <span className="muted">to @{entry.write.recipientName}</span>
              <strong className={styles.tipStatus}>Waiting to be recorded</strong>
            </li>
          ))}
          {tips.map((tip) => (
            <TipRow
              key={tip.id}
              amountWei={tip.amount_wei}
              direction="to"
              member={tip.recipient}
              createdAt={tip.created_at}
              now={now}
              explorerUrl={explorerUrl}
              txHash={tip.tx_hash}
              status={{ value: tip.status, text: STATUS_TEXT[tip.status] }}
              action={tip.status === 'pending' && <CheckAgain tip={tip} />}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
