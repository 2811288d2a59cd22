// Sends one outbox write to the server through its kind, and turns a request that went wrong into an outcome.
import { errorKind } from '../backend/errors.ts';
import type { Write } from '../data/outboxTypes.ts';
import { PushFailure } from './pushRequests.ts';
import type { PushContext, PushOutcome } from './writeKind.ts';
import { kindOf } from './writeKinds.ts';

/** The failed list's words for a write the app itself could not send: kept there, never retried as "offline". */
export const SEND_BUG_REASON = 'Something went wrong in the app while sending this. It is kept here: try again.';

export async function pushWrite(ctx: PushContext, write: Write): Promise<PushOutcome> {
  try {
    return await kindOf(write).push(ctx, write);
  } catch (e) {
    if (e instanceof PushFailure) return { result: 'failed', failure: e.failure, reason: e.reason, changes: [] };
    const message = e instanceof Error ? e.message : String(e);
    // fetch itself threw: supabase-js normally answers status 0 instead, this is the same case, retried later.
    if (errorKind(e) === 'network') return { result: 'failed', failure: { message, status: 0 }, changes: [] };
    // Anything else is a bug: the write goes to the failed list with its words, and the error to the app's log.
    return { result: 'failed', failure: { message }, reason: SEND_BUG_REASON, bug: e, changes: [] };
  }
}
