// The outbox's send loop: the member's waiting writes go out in order, each settled by its answer.
import type { ForumClient } from '../backend/client.ts';
import type { Mirror } from '../data/mirror.ts';
import { backoffDelay, type BackoffOptions } from './backoff.ts';
import { classifyFailure } from './errors.ts';
import { rateLimitOf } from './rateLimitOf.ts';
import { pushWrite } from './push.ts';
import { settleRateLimited, settleRefused, settleRetry, settleSent } from './settle.ts';
import type { StatusStore } from './status.ts';
import { kindOf } from './writeKinds.ts';

interface FlushContext {
  db: Mirror;
  client: ForumClient;
  userId: string;
  now(): number;
  random: () => number;
  backoff: BackoffOptions;
  status: Pick<StatusStore, 'set'>;
  /** Calls the flush again after `ms`: a retry's backoff or a rate limit's wait. */
  scheduleRetry(ms: number): void;
  requestBackgroundSync?(): void;
  logBug?(error: unknown, label: string): void;
  refreshCounts(): Promise<void>;
}

/**
 * Sends until the outbox is empty, or until a write must wait (a retry, a rate limit): later writes may depend on it
 * (a reply to a thread not yet created), so they wait behind it, in order.
 */
export async function flushOutbox(ctx: FlushContext): Promise<void> {
  const { db, client, userId, random, status } = ctx;
  for (;;) {
    const entry = await db.outbox.where('userId').equals(userId).first();
    if (!entry) {
      status.set({ rateLimit: null });
      return;
    }
    const now = ctx.now();
    // The post a wait shows on (a reply, a new thread's opening post), else the row the write is about.
    const kind = kindOf(entry.write);
    const target = kind.shownOn?.(entry.write).post || kind.target(entry.write);
    if (entry.notBefore > now && !entry.unanswered) {
      const { rateLimit } = entry;
      status.set({ rateLimit: rateLimit ? { ...rateLimit, target, until: entry.notBefore } : null });
      ctx.scheduleRetry(entry.notBefore - now);
      return;
    }
    const outcome = await pushWrite({ db, client, userId, random }, entry.write);
    // A send that got no answer says the server cannot be reached; any answer says it can.
    const unanswered = outcome.result === 'failed' && outcome.failure.status === 0;
    status.set({ unreachable: unanswered, rateLimit: null });
    const limit = outcome.result === 'failed' ? rateLimitOf(outcome.failure) : null;
    if (limit && outcome.result === 'failed') {
      // Not a failure: the server takes this same write once the limit's time is over.
      const until = now + limit.retryAfterS * 1000;
      const waiting = { limit: limit.limit, message: outcome.failure.message };
      await settleRateLimited(db, entry, until, waiting);
      status.set({ rateLimit: { ...waiting, target, until } });
      ctx.scheduleRetry(until - now);
      ctx.requestBackgroundSync?.();
      return;
    }
    if (outcome.result === 'sent') {
      await settleSent(db, entry, outcome);
    } else if (outcome.result === 'failed' && classifyFailure(outcome.failure) === 'retry') {
      const delay = backoffDelay(entry.attempts, random, ctx.backoff);
      await settleRetry(db, entry, now + delay, outcome.failure.message, unanswered);
      ctx.scheduleRetry(delay);
      ctx.requestBackgroundSync?.();
      return;
    } else {
      if (outcome.result === 'failed' && outcome.bug !== undefined)
        ctx.logBug?.(outcome.bug, `Sending a ${entry.write.kind} write failed`);
      await settleRefused(db, entry, outcome, now);
    }
    await ctx.refreshCounts();
  }
}
