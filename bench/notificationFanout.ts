// Notification fan-out: a reply in a thread with 500 participants, each with push on and one device. Times the reply
// (whose transaction queues the 500 deliveries) and the local sender's delivery of them to a push service fixture.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPushService } from '../tests/backend/support/pushService.ts';
import type { Db } from '../supabase/local/db.ts';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { liftPostRateLimits } from '../supabase/local/postRateLimits.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { memberClient } from './memberClient.ts';
import { printTable } from './stats.ts';

export interface NotificationFanoutOptions {
  participants: number;
  /** Replies timed, one after the other, each to all the participants; NOTIFY_RUNS overrides the default. */
  replies: number;
}

const DEFAULTS: NotificationFanoutOptions = { participants: 500, replies: Number(process.env.NOTIFY_RUNS ?? 3) };
const DELIVERY_GOAL_PER_S = 200;

type BenchDb = Db;

/** The participants (accounts, push on, emails off), the thread and one reply by each, without their notifications. */
async function generateThread(
  db: BenchDb,
  subscriptions: { endpoint: string; p256dh: string; auth: string }[],
  count: number,
) {
  await db.query(`insert into public.categories (name, slug, type) values ('General', 'general', 'guapcoin')`);
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       'fanout' || n || '@bench.test', '', now(), '', '', '', '', '{"provider": "email", "providers": ["email"]}',
       jsonb_build_object('username', 'fanout_' || n), now(), now()
     from generate_series(0, $1::int) as n`,
    [count],
  );
  await db.query(
    `update public.profiles set notification_preferences =
       '{"emailReplies": false, "emailMentions": false, "emailMessages": false, "pushEnabled": true}'
     where email like '%@bench.test'`,
  );
  const ids = (
    await db.query<{ id: string }>(`select id from public.profiles where email like '%@bench.test' order by username`)
  ).rows.map((r) => r.id);
  const [replier, starter] = [ids[0]!, ids[1]!];
  const participants = ids.slice(1);
  await db.query(
    `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
     select u, s ->> 'endpoint', s ->> 'p256dh', s ->> 'auth'
     from unnest($1::uuid[], $2::jsonb[]) as x(u, s)`,
    [participants, subscriptions.map((s) => JSON.stringify(s))],
  );
  const threadId = randomUUID();
  await db.transaction(async (tx) => {
    // The thread's history is setting, not what is measured: its own notifications are not made.
    await tx.exec('alter table public.posts disable trigger notify_post');
    await tx.query(
      `insert into public.threads (id, slug, title, category_id, author_id)
       values ($1, 'fanout', 'Fan-out', (select id from public.categories limit 1), $2)`,
      [threadId, starter],
    );
    await tx.query(
      `insert into public.posts (thread_id, author_id, content, type, is_first_post)
       values ($1, $2, 'The opening post.', 'thread', true)`,
      [threadId, starter],
    );
    await tx.query(
      `insert into public.posts (thread_id, author_id, content, type)
       select $1, u, 'A reply of one of the participants.', 'reply' from unnest($2::uuid[]) u`,
      [threadId, participants.slice(1)],
    );
    await tx.exec('alter table public.posts enable trigger notify_post');
  });
  return { threadId, replier };
}

export async function benchNotificationFanout(options: Partial<NotificationFanoutOptions> = {}) {
  const { participants, replies } = { ...DEFAULTS, ...options };
  const push = await startPushService();
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-'));
  const db = await openMigratedPglite('bare');
  // The bench posts far faster than a person: the database's posting limits would refuse it.
  await liftPostRateLimits(db);
  const stack = await startStack({
    db,
    jwtSecret: randomJwtSecret(),
    storageDir,
    sendNotifications: true,
    functionEnv: { PUSH_CA_CERT: push.caCert },
    pushTestOrigin: push.origin,
  });
  try {
    const subscriptions = Array.from({ length: participants }, () => push.subscribe());
    const { threadId, replier } = await generateThread(db, subscriptions, participants);
    const client = await memberClient(stack, replier);
    const runs: { replyMs: number; queued: number; deliverMs: number }[] = [];
    for (let run = 1; run <= replies; run += 1) {
      const postId = randomUUID();
      const t0 = performance.now();
      const { error } = await client.from('posts').insert({
        id: postId,
        thread_id: threadId,
        author_id: replier,
        content: `Hello all, take ${run}.`,
        type: 'reply',
      });
      const replied = performance.now();
      if (error) throw new Error(`the reply failed: ${error.message}`);
      // Read as soon as the reply's request answered: whatever is queued now was queued by its transaction.
      const queued = (
        await db.query<{ n: number }>(
          `select count(*)::int as n from public.notification_deliveries d
           join public.notifications n on n.id = d.notification_id where n.post_id = $1`,
          [postId],
        )
      ).rows[0]!.n;
      await push.waitForRequests(participants * run, 300_000);
      runs.push({ replyMs: replied - t0, queued, deliverMs: performance.now() - replied });
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const allQueued = runs.every((r) => r.queued === participants);
    const rates = runs.map((r) => participants / (r.deliverMs / 1000));
    const rate = median(rates.slice());
    printTable(
      `Notification fan-out: a reply in a thread with ${participants} participants, push to each (PGlite, median of ${replies} replies)`,
      ['measure', 'median', 'each run', 'goal', 'met'],
      [
        [
          'reply request, notifications and deliveries queued (ms)',
          median(runs.map((r) => r.replyMs)),
          runs.map((r) => r.replyMs.toFixed(0)).join(' '),
          'in the reply’s transaction',
          '-',
        ],
        [
          'deliveries queued when the reply answered',
          median(runs.map((r) => r.queued)),
          runs.map((r) => r.queued).join(' '),
          String(participants),
          allQueued ? 'yes' : 'NO',
        ],
        [
          'reply answered to last push received (ms)',
          median(runs.map((r) => r.deliverMs)),
          runs.map((r) => r.deliverMs.toFixed(0)).join(' '),
          '-',
          '-',
        ],
        [
          'delivered per second',
          rate,
          rates.map((r) => r.toFixed(0)).join(' '),
          `>= ${DELIVERY_GOAL_PER_S}`,
          rate >= DELIVERY_GOAL_PER_S ? 'yes' : 'NO',
        ],
      ],
    );
  } finally {
    await stack.close();
    await db.close();
    await push.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
