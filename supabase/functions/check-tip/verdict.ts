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

type Verdict = 'pending' | 'confirmed' | 'failed';

/** A tip is confirmed only when its transaction went to its address with exactly its amount and succeeded. */
export async function verdictOf(tip: TipRow, explorer: ExplorerOptions, chainId: string | undefined): Promise<Verdict> {
  // This explorer speaks for one chain: a tip recorded on another can never be confirmed here.
  if (chainId && Number(chainId) !== tip.chain_id) return 'failed';
  const tx = await fetchTransaction(explorer, tip.tx_hash);
  if (!tx) return 'pending';
  if (tx.to !== tip.to_address.toLowerCase() || BigInt(tx.value) !== BigInt(tip.amount_wei)) return 'failed';
  const receipt = await fetchReceiptStatus(explorer, tip.tx_hash);
  if (receipt === '') return 'pending';
  return receipt === '1' ? 'confirmed' : 'failed';
}

/** Records a final verdict; answers the tip's status after it (another check may have settled it first). */
export async function settle(db: SupabaseClient, tipId: string, verdict: Verdict): Promise<TipStatus> {
  if (verdict === 'pending') return 'pending';
  const settled = await db.rpc('settle_tip', { p_tip: tipId, p_status: verdict });
  if (settled.error) throw new Error(`Could not settle the tip: ${settled.error.message}`);
  return settled.data as TipStatus;
}
