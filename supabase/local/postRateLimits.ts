// The database's rate limits on posts, threads and messages (public.forum_limits, Discourse's defaults) lifted, for
// test suites that write far faster than a person: POST_RATE_LIMITS=off for `npm start`, and backend test stacks
// unless a test asks for the defaults. A limit of 0 is off.
import type { Queryable } from './db.ts';

export async function liftPostRateLimits(db: Queryable): Promise<void> {
  await db.query('update public.forum_limits set post_interval_s = 0, new_account_hours = 0, messages_per_day = 0');
}
