// The connected address's balance and history: read from the explorer when online (on arrival, on Refresh, and when
// the account changes), kept in the mirror, and shown from the mirror, so a visit offline still has the last ones.
import { useEffect, useState } from 'react';
import { toast } from '../../state/toast.ts';
import { AppError } from '../../backend/errors.ts';
import type { WalletSnapshotRow } from '../../data/types.ts';
import { logError, reportError } from '../../state/errors/reportError.ts';
import { useKeepWalletSnapshot } from '../../state/mutations/walletSnapshot.ts';
import { useWalletSnapshot } from '../../state/queries/walletSnapshot.ts';
import { useSyncStatusOf } from '../../state/sync/SyncContext.tsx';
import { browserFetch, fetchBalance, fetchTransactions, type ExplorerRequest } from './lib/explorer.ts';

/** SPEC §8, verbatim: the toast and the history's own state. */
export const TRANSACTIONS_FAILED = 'Failed to load transactions';

const REFRESH_OFFLINE = 'You are offline: the wallet cannot refresh until you are back online.';

/** How this visit's read of the history stands; 'idle' offline, where nothing is asked. */
type HistoryStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface WalletData {
  /** What the mirror holds for the address; undefined while it is read or when it holds nothing. */
  snapshot: WalletSnapshotRow | undefined;
  history: HistoryStatus;
  /** When this visit started: a kept value older than this was not read now, and shows its age. */
  visitStart: number;
  /** Reads both again; 'Wallet data refreshed' once the history came. Offline it says it cannot. */
  refresh(): void;
}

export function useWalletData(address: string, explorerUrl: string): WalletData {
  const online = useSyncStatusOf((s) => s.online);
  const kept = useWalletSnapshot(address);
  const { keepBalance, keepTransactions } = useKeepWalletSnapshot();
  const [visitStart] = useState(() => Date.now());
  // Round 0 is the read on arrival; each Refresh starts the next. The answer names its round, so a round without
  // one is loading, and an answer to an older round never shows as the newer one's.
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<{ round: number; status: 'loaded' | 'failed' } | null>(null);

  useEffect(() => {
    if (!online) return;
    // Leaving the screen, a newer round or going offline cuts this one off: it then keeps and shows nothing.
    const controller = new AbortController();
    const request: ExplorerRequest = { fetch: browserFetch, signal: controller.signal };
    const read = async () => {
      const [balance, transactions] = await Promise.all([
        fetchBalance(explorerUrl, address, request),
        fetchTransactions(explorerUrl, address, request),
      ]);
      if (controller.signal.aborted) return;
      if (balance.ok) await keepBalance(address, balance.value);
      // SPEC §8: a balance failure is only logged; the last kept balance stays, with its age.
      else logError(new AppError('unavailable', `Explorer balance: ${balance.reason}: ${balance.detail}`), 'Balance');
      if (transactions.ok) {
        await keepTransactions(address, transactions.value);
        setAnswer({ round, status: 'loaded' });
        if (round > 0) toast.success('Wallet data refreshed');
        return;
      }
      setAnswer({ round, status: 'failed' });
      const detail = `${transactions.reason}: ${transactions.detail}`;
      reportError(new AppError('unavailable', TRANSACTIONS_FAILED, { detail }));
    };
    read().catch((error: unknown) => reportError(error, { failed: TRANSACTIONS_FAILED }));
    return () => controller.abort();
  }, [online, round, address, explorerUrl, keepBalance, keepTransactions]);

  return {
    snapshot: kept.state === 'ready' ? kept.data : undefined,
    history: !online ? 'idle' : answer?.round === round ? answer.status : 'loading',
    visitStart,
    refresh: () => {
      // Nothing can be asked offline: say so, rather than a Refresh that does nothing.
      if (online) setRound((r) => r + 1);
      else toast.error(REFRESH_OFFLINE);
    },
  };
}
