// Keeps what the explorer just said about a wallet address in the mirror, for /wallet offline.
import { useMemo } from 'react';
import { keepWalletBalance, keepWalletTransactions } from '../../data/queries/walletSnapshots.ts';
import type { WalletTransactionRow } from '../../data/types.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';

export function useKeepWalletSnapshot() {
  const { db } = useSyncEngine();
  return useMemo(
    () => ({
      keepBalance: (address: string, balance: string) => keepWalletBalance(db, address, balance, Date.now()),
      keepTransactions: (address: string, transactions: WalletTransactionRow[]) =>
        keepWalletTransactions(db, address, transactions, Date.now()),
    }),
    [db],
  );
}
