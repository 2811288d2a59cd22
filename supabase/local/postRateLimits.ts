// The database's rate limits on threads, posts, messages, likes, edits and reports (public.forum_limits, Discourse's
// defaults) lifted, for test suites that write far faster than a person: POST_RATE_LIMITS=off for `npm start`, and
// backend test stacks unless a test asks for the defaults. A limit of 0 is off. The cap on mentions per post and the
// standing whose reports hide a post stay: they are rules, not rates (tests give their reporters standing instead).
import type { Queryable } from './db.ts';

export async function liftPostRateLimits(db: Queryable): Promise<void> {
  await db.query(
    `update public.forum_limits set post_interval_s = 0, new_account_hours = 0, messages_per_day = 0,
       threads_per_day = 0, likes_per_day = 0, edits_per_day = 0, reports_per_day = 0`,
  );
}
