// One pending tip checked on the explorer and settled when the explorer's answer is final: shared by a member's
// check of one tip and the scheduled check of every due one.
import type { SupabaseClient } from '@supabase/supabase-js';
import { fetchReceiptStatus, fetchTransaction, type ExplorerOptions } from './receipt.ts';

export interface TipRow {
  id: string;
  tx_hash: string;
  to_address: string;
  amount_wei: string;
  chain_id: number;
}

export type TipStatus = 'pending' | 'confirmed' | 'failed' | 'expired';

/** 'foreign': the transaction was not sent from the tipper's verified address, so it is not their tip at all. */
type Verdict = 'pending' | 'confirmed' | 'failed' | 'foreign';

/** What check-tip answers the tipper about a foreign tip, which it removes. */
export const FOREIGN_TIP = 'This transaction was not sent from your verified wallet address, so it is not your tip';

/** The verified address the tip's sender holds now, lowercase; null when they hold none. */
async function senderWallet(db: SupabaseClient, tipId: string): Promise<string | null> {
  const read = await db.rpc('tip_sender_wallet', { p_tip: tipId });
  if (read.error) throw new Error(`Could not read the tip's sender: ${read.error.message}`);
  return typeof read.data === 'string' ? read.data.toLowerCase() : null;
}

/**
 * A tip is confirmed only when its transaction came from the tipper's verified address and went to the tip's address
 * with exactly its amount, and succeeded.
 */
export async function verdictOf(
  db: SupabaseClient,
  tip: TipRow,
  explorer: ExplorerOptions,
  chainId: string | undefined,
): Promise<Verdict> {
  // This explorer speaks for one chain: a tip recorded on another can never be confirmed here.
  if (chainId && Number(chainId) !== tip.chain_id) return 'failed';
  const tx = await fetchTransaction(explorer, tip.tx_hash);
  if (!tx) return 'pending';
  if (tx.from !== (await senderWallet(db, tip.id))) return 'foreign';
  if (tx.to !== tip.to_address.toLowerCase() || BigInt(tx.value) !== BigInt(tip.amount_wei)) return 'failed';
  const receipt = await fetchReceiptStatus(explorer, tip.tx_hash);
  if (receipt === '') return 'pending';
  return receipt === '1' ? 'confirmed' : 'failed';
}

/**
 * Records a final verdict; answers the tip's status after it (another check may have settled it first), or 'removed'
 * for a foreign tip, which is deleted.
 */
export async function settle(db: SupabaseClient, tipId: string, verdict: Verdict): Promise<TipStatus | 'removed'> {
  if (verdict === 'pending') return 'pending';
  if (verdict === 'foreign') {
    const removed = await db.rpc('refuse_foreign_tip', { p_tip: tipId });
    if (removed.error) throw new Error(`Could not remove the tip: ${removed.error.message}`);
    return 'removed';
  }
  const settled = await db.rpc('settle_tip', { p_tip: tipId, p_status: verdict });
  if (settled.error) throw new Error(`Could not settle the tip: ${settled.error.message}`);
  return settled.data as TipStatus;
}
