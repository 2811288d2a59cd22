import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openMirror } from '../mirror.ts';
import type { WalletTransactionRow } from '../types.ts';
import { keepWalletBalance, keepWalletTransactions, walletSnapshot } from './walletSnapshots.ts';

const ADDRESS = '0xAbC0000000000000000000000000000000000001';

const received: WalletTransactionRow = {
  hash: '0x1',
  from: '0xdef0000000000000000000000000000000000002',
  to: ADDRESS.toLowerCase(),
  value: '1000000000000000000',
  timestamp: '2026-11-01T00:00:00.000Z',
  status: 'success',
  gasUsed: '21000',
  gasPrice: '1000000000',
  blockNumber: 7,
  direction: 'Received',
  counterpart: '0xdef0000000000000000000000000000000000002',
};

describe('wallet snapshots', () => {
  it('keeps the balance and the history apart, each with its time, under the address in any case', async () => {
    const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
    expect(await walletSnapshot(db, ADDRESS)).toBeUndefined();
    await keepWalletBalance(db, ADDRESS, '5', 1000);
    await keepWalletTransactions(db, ADDRESS.toLowerCase(), [received], 2000);
    expect(await walletSnapshot(db, ADDRESS.toUpperCase().replace('0X', '0x'))).toEqual({
      address: ADDRESS.toLowerCase(),
      balance: '5',
      balanceAt: 1000,
      transactions: [received],
      transactionsAt: 2000,
    });
    // A later balance leaves the history as it was.
    await keepWalletBalance(db, ADDRESS, '6', 3000);
    expect(await walletSnapshot(db, ADDRESS)).toMatchObject({ balance: '6', balanceAt: 3000, transactionsAt: 2000 });
    db.close();
  });
});
