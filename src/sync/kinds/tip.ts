// A tip: the hash of a transaction the member's wallet already sent to another member's verified address, recorded
// so that it counts once the explorer confirms it. It has an id made on this device, so a retry after a lost answer
// records it once; made offline it waits in the outbox, and a refusal (the address changed meanwhile) joins the
// failed list. Tips are not mirrored: the sender's list reads the server's record beside what waits here.
import { checkTip } from '../../backend/wallet.ts';
import { newId, outboxEntry, type WriteContext } from '../enqueue.ts';
import { classifyFailure, type BackendFailure } from '../errors.ts';
import { PushFailure } from '../pushRequests.ts';
import type { PushContext, PushOutcome, WriteKind } from '../writeKind.ts';

export interface NewTip {
  id: string;
  recipient_id: string;
  /** Lowercase, as the database keeps it. */
  tx_hash: string;
  to_address: string;
  /** In wei, decimal: past a JavaScript number's precision. */
  amount_wei: string;
  chain_id: number;
}

export interface TipWrite {
  kind: 'tip';
  tip: NewTip;
  /** The recipient's username when the tip was made, for the sender's list while the tip waits. */
  recipientName: string;
}

declare module '../../data/outboxTypes.ts' {
  interface WritePayloads {
    tip: TipWrite;
  }
}

/** The tips guard's refusals (guard_tip_insert) already say what is wrong in the member's words. */
const GUARD_CODES = new Set(['42501', '23503', '23514']);

/** Whether the member already recorded this transaction, from another device or under another id. */
async function recordedByMe(ctx: PushContext, hash: string): Promise<boolean> {
  const { data, error, status } = await ctx.client
    .from('tips')
    .select('id')
    .eq('tx_hash', hash)
    .eq('sender_id', ctx.userId)
    .retry(false);
  if (error) throw new PushFailure({ ...error, status });
  return (data ?? []).length > 0;
}

async function pushTip(ctx: PushContext, { tip }: TipWrite): Promise<PushOutcome> {
  // numeric(78,0) goes as a string, so no wei is lost to a float; the generated types call numeric a number.
  const row = { ...tip, amount_wei: tip.amount_wei as unknown as number };
  const answer = await ctx.client.from('tips').upsert(row, { onConflict: 'id', ignoreDuplicates: true }).select('id');
  if (answer.error) {
    const failure: BackendFailure = { ...answer.error, status: answer.status };
    // Offline, the server busy or a rate limit: the engine retries it.
    if (classifyFailure(failure) === 'retry') throw new PushFailure(failure);
    // One transaction is one tip per sender: this member recorded it already, from another device or under another id.
    if (failure.code === '23505' && (await recordedByMe(ctx, tip.tx_hash))) return { result: 'sent', changes: [] };
    const reason = GUARD_CODES.has(failure.code ?? '') ? failure.message : undefined;
    return { result: 'failed', failure, reason, changes: [] };
  }
  // A transaction already mined settles at once; otherwise, or if this check fails, the scheduled check asks again.
  // Not awaited: an explorer that hangs must not hold back the writes behind this one.
  checkTip(ctx.client, tip.id).catch((error: unknown) => {
    console.warn('The new tip will be checked on schedule:', error);
  });
  return { result: 'sent', changes: [] };
}

export const tip = {
  name: 'tip',
  tables: [],
  target: (write) => write.tip.id,
  push: pushTip,
} satisfies WriteKind<TipWrite>;

/** Records a sent tip: it waits in the outbox until the server has it, and a second record of one hash is none. */
export async function enqueueTip(ctx: WriteContext, input: Omit<NewTip, 'id'> & { recipientName: string }) {
  const { db } = ctx;
  const { recipientName, ...fields } = input;
  return db.transaction('rw', [db.outbox], async () => {
    const waiting = await db.outbox
      .where('userId')
      .equals(ctx.userId)
      .filter((e) => e.write.kind === 'tip' && e.write.tip.tx_hash === fields.tx_hash)
      .first();
    if (waiting?.write.kind === 'tip') return waiting.write.tip.id;
    const write: TipWrite = { kind: 'tip', tip: { id: newId(ctx), ...fields }, recipientName };
    await db.outbox.add(outboxEntry(ctx, write));
    return write.tip.id;
  });
}
