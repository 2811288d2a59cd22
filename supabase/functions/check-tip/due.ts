// The scheduled run: every pending tip whose next check is due (claim_due_tips moves each one's next check back
// first, 5 s doubling up to 30 minutes), asked of the explorer one after the other and settled when it answers.
import type { SupabaseClient } from '@supabase/supabase-js';
import { ExplorerError, type ExplorerOptions } from './receipt.ts';
import { settle, verdictOf, type TipRow } from './verdict.ts';

export interface DueSummary {
  checked: number;
  confirmed: number;
  failed: number;
  /** The explorer could not answer about these; their next check stands. */
  unanswered: number;
  /** Their transaction came from another address than their sender's verified one: removed. */
  removed: number;
}

/** Checks up to `limit` due tips. */
export async function checkDueTips(
  db: SupabaseClient,
  explorer: ExplorerOptions,
  chainId: string | undefined,
  limit = 20,
): Promise<DueSummary> {
  const claimed = await db.rpc('claim_due_tips', { p_limit: limit });
  if (claimed.error) throw new Error(`Could not claim the due tips: ${claimed.error.message}`);
  const summary: DueSummary = { checked: 0, confirmed: 0, failed: 0, unanswered: 0, removed: 0 };
  for (const tip of (claimed.data ?? []) as TipRow[]) {
    summary.checked += 1;
    try {
      const status = await settle(db, tip.id, await verdictOf(db, tip, explorer, chainId));
      if (status === 'confirmed') summary.confirmed += 1;
      if (status === 'failed') summary.failed += 1;
      if (status === 'removed') summary.removed += 1;
    } catch (e) {
      // One explorer failure leaves that tip to its next check, and the others are still asked.
      if (!(e instanceof ExplorerError)) throw e;
      summary.unanswered += 1;
    }
  }
  return summary;
}
