// The wallet's last balance and history per address, as /wallet shows them offline or while the explorer answers.
import type { Mirror } from '../mirror.ts';
import type { WalletSnapshotRow, WalletTransactionRow } from '../types.ts';

// Wallets and explorers spell an address in mixed case (EIP-55) or lower case: one key for both.
const key = (address: string) => address.toLowerCase();

/** What the device kept for the address; undefined when it has never read it. */
export function walletSnapshot(db: Mirror, address: string): Promise<WalletSnapshotRow | undefined> {
  return db.walletSnapshots.get(key(address));
}

/** Keeps a balance just read, beside the history already kept. */
export async function keepWalletBalance(db: Mirror, address: string, balance: string, at: number): Promise<void> {
  await db.transaction('rw', db.walletSnapshots, async () => {
    const kept = await db.walletSnapshots.get(key(address));
    await db.walletSnapshots.put({ ...kept, address: key(address), balance, balanceAt: at });
  });
}

/** Keeps a history just read, beside the balance already kept. */
export async function keepWalletTransactions(
  db: Mirror,
  address: string,
  transactions: WalletTransactionRow[],
  at: number,
): Promise<void> {
  await db.transaction('rw', db.walletSnapshots, async () => {
    const kept = await db.walletSnapshots.get(key(address));
    await db.walletSnapshots.put({ ...kept, address: key(address), transactions, transactionsAt: at });
  });
}
