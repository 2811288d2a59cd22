// The connected account's balance as far as the forum knows it: what the device kept from the explorer (the /wallet
// page's last read), read again when a screen that needs it opens online. Send checks an amount against it before
// the wallet is asked to send what it does not hold.
import { useEffect } from 'react';
import { AppError } from '../../backend/errors.ts';
import { logError } from '../../state/errors/reportError.ts';
import { useKeepWalletSnapshot } from '../../state/mutations/walletSnapshot.ts';
import { useWalletSnapshot } from '../../state/queries/walletSnapshot.ts';
import { useSyncStatusOf } from '../../state/sync/SyncContext.tsx';
import { parseWei } from './lib/amount.ts';
import { browserFetch, fetchBalance } from './lib/explorer.ts';

/** The balance in wei; null while nothing is known of it (never read, and the explorer not reached). */
export function useKnownBalance(address: string | undefined, explorerUrl: string): bigint | null {
  const online = useSyncStatusOf((s) => s.online);
  const kept = useWalletSnapshot(address);
  const { keepBalance } = useKeepWalletSnapshot();

  useEffect(() => {
    if (!online || !address) return;
    const controller = new AbortController();
    const read = async () => {
      const balance = await fetchBalance(explorerUrl, address, { fetch: browserFetch, signal: controller.signal });
      if (controller.signal.aborted) return;
      // As on /wallet (SPEC §8): a failed balance read is only logged, and the kept one stands.
      if (balance.ok) await keepBalance(address, balance.value);
      else logError(new AppError('unavailable', `Explorer balance: ${balance.reason}: ${balance.detail}`), 'Balance');
    };
    read().catch((error: unknown) => logError(error, 'Balance'));
    return () => controller.abort();
  }, [online, address, explorerUrl, keepBalance]);

  const wei = kept.state === 'ready' ? kept.data?.balance : undefined;
  return wei === undefined ? null : parseWei(wei);
}
