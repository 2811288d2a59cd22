// Sends one outbox write to the server through its kind, and turns a request that went wrong into an outcome.
import type { Write } from '../data/outboxTypes.ts';
import { PushFailure } from './pushRequests.ts';
import type { PushContext, PushOutcome } from './writeKind.ts';
import { kindOf } from './writeKinds.ts';

export async function pushWrite(ctx: PushContext, write: Write): Promise<PushOutcome> {
  const kind = kindOf(write);
  try {
    return await kind.push(ctx, write);
  } catch (e) {
    if (e instanceof PushFailure) return { result: 'failed', failure: e.failure, reason: e.reason, changes: [] };
    // fetch itself threw (offline): supabase-js normally answers status 0 instead, this is the same case.
    const message = e instanceof Error ? e.message : String(e);
    return { result: 'failed', failure: { message, status: 0 }, changes: [] };
  }
}
