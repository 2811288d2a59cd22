// The database's rate limits on posts, threads, messages and reports (public.forum_limits, Discourse's defaults)
// lifted, for test suites that write far faster than a person: POST_RATE_LIMITS=off for `npm start`, and backend
// test stacks unless a test asks for the defaults. A limit of 0 is off. Standing (whose reports hide a post) is no
// rate limit and stays: tests give their reporters standing instead.
import type { Queryable } from './db.ts';

export async function liftPostRateLimits(db: Queryable): Promise<void> {
  await db.query(
    'update public.forum_limits set post_interval_s = 0, new_account_hours = 0, messages_per_day = 0, reports_per_day = 0',
  );
}
