// The wallet's last balance and history for an address, live from the mirror: /wallet shows them at once, offline
// too, and again whenever a fetch keeps new ones.
import { walletSnapshot } from '../../data/queries/walletSnapshots.ts';
import type { WalletSnapshotRow } from '../../data/types.ts';
import { useMirrorQuery, type MirrorResult } from './useMirrorQuery.ts';

/** Loading, then what the device kept for the address (undefined data when it never read it). */
export function useWalletSnapshot(address: string | undefined): MirrorResult<WalletSnapshotRow | undefined> {
  return useMirrorQuery((db) => (address ? walletSnapshot(db, address) : undefined), [address]);
}
