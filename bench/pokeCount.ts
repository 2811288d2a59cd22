// Live pokes against Realtime's quota: 500 open apps on the 'forum' topic (the members who write have their own
// topic open too), and 10 replies a second from 10 members. Counts the messages the sockets are delivered, each copy
// one, as hosted Supabase counts them against the project's messages a second (Pro: 500). The sockets live in a child
// process; the replies are written straight into the database, so their triggers are all that pokes.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Db } from '../supabase/local/db.ts';
import { signAccessToken } from '../supabase/local/jwt.ts';
import { REALTIME_PATH } from '../supabase/local/realtime/realtimeServer.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { printTable } from './stats.ts';

export interface PokeCountOptions {
  /** Open apps, each one socket joined to 'forum'. */
  apps: number;
  /** Seconds of replies, 10 a second. */
  seconds: number;
}

const DEFAULTS: PokeCountOptions = { apps: 500, seconds: 10 };
const WRITERS = 10;
const REPLIES_PER_S = 10;
/** Hosted Supabase Realtime's messages a second on Pro. */
const QUOTA_PER_S = 500;
/** What a reply sent before coalescing, on a hosted-shaped database: 3 broadcasts on 'forum'. */
const FORUM_POKES_PER_REPLY_BEFORE = 3;
/** Far longer than a working run takes: a lost poke fails the bench instead of hanging it. */
const WAIT_LIMIT_MS = 120_000;

/**
 * The client process: `count` sockets join realtime:forum, and the first ones also their member's private topic
 * (`own`: topic and token each). Prints "joined" once every join is answered, then "got <epoch ms>" per broadcast.
 */
const APPS = `
import WebSocket from 'ws';
const [url, count, own] = [process.argv[1], Number(process.argv[2]), JSON.parse(process.argv[3])];
const wanted = count + own.length;
let joined = 0;
for (let i = 0; i < count; i++) {
  const socket = new WebSocket(url);
  socket.on('open', () => {
    socket.send(JSON.stringify(['1', '1', 'realtime:forum', 'phx_join', { config: { private: false } }]));
    if (own[i]) socket.send(JSON.stringify(['2', '2', 'realtime:' + own[i].topic, 'phx_join',
      { config: { private: true }, access_token: own[i].token }]));
  });
  socket.on('message', (data) => {
    const [, , , event, payload] = JSON.parse(String(data));
    if (event === 'phx_reply' && payload.status !== 'ok') console.log('error ' + JSON.stringify(payload));
    else if (event === 'phx_reply' && ++joined === wanted) console.log('joined');
    if (event === 'broadcast') console.log('got ' + Date.now());
  });
  socket.on('error', (error) => console.log('error ' + error.message));
}
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

async function within<T>(step: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not ${what} within ${WAIT_LIMIT_MS / 1000} s`)), WAIT_LIMIT_MS);
  });
  return Promise.race([step, limit]).finally(() => clearTimeout(timer));
}

/** The writing members, and the threads they reply to (the seeded ones). */
async function writersAndThreads(db: Db) {
  const { rows: writers } = await db.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       'poker' || n || '@bench.test', '', now(), '', '', '', '', '{"provider": "email", "providers": ["email"]}',
       jsonb_build_object('username', 'poker' || n), now(), now()
     from generate_series(1, $1::int) n
     returning id`,
    [WRITERS],
  );
  const { rows: threads } = await db.query<{ id: string }>('select id from public.threads where not is_locked');
  return { writers: writers.map((w) => w.id), threads: threads.map((t) => t.id) };
}

/** Nothing waits to be sent, and every topic's interval is over. */
async function quiet(db: Db): Promise<void> {
  for (;;) {
    const { rows } = await db.query<{ quiet: boolean }>(
      `select not exists (select 1 from public.live_poke_requests)
          and not exists (select 1 from public.live_pokes where sent_at > clock_timestamp() - public.poke_interval(topic))
          as quiet`,
    );
    if (rows[0]!.quiet) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function benchPokeCount(options: Partial<PokeCountOptions> = {}) {
  const { apps, seconds } = { ...DEFAULTS, ...options };
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-pokes-'));
  const db = await openMigratedPglite('seeded');
  const stack = await startStack({
    db,
    jwtSecret: randomJwtSecret(),
    storageDir,
    realtimeLimits: { socketsPerClient: apps + 10 },
  });
  const { writers, threads } = await writersAndThreads(db);
  // The setup's pokes are sent before any app opens: from here on, each broadcast reaches every socket on its topic.
  await within(quiet(db), 'the setup’s pokes sent');
  const own = await Promise.all(
    writers.slice(0, apps).map(async (id) => ({
      topic: `user:${id}`,
      token: await signAccessToken(stack.ctx.keys, { sub: id, role: 'authenticated', aud: 'authenticated' }, 3600),
    })),
  );
  // Each broadcast the database sends, and how many sockets are on its topic.
  const subscribers = new Map<string, number>([['forum', apps], ...own.map((o) => [o.topic, 1] as const)]);
  let expected = 0;
  const broadcasts = { forum: 0, member: 0 };
  const unlisten = await db.listen('realtime', (text) => {
    const { topic } = JSON.parse(text) as { topic: string };
    expected += subscribers.get(topic) ?? 0;
    broadcasts[topic === 'forum' ? 'forum' : 'member'] += 1;
  });
  const socketUrl = `${stack.url.replace('http', 'ws')}${REALTIME_PATH}?vsn=2.0.0&apikey=${stack.anonKey}`;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', APPS, socketUrl, String(apps), JSON.stringify(own)],
    { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] },
  );
  try {
    const received: number[] = [];
    let onJoined!: () => void;
    let onFailure!: (error: Error) => void;
    const failed = new Promise<never>((_, reject) => (onFailure = reject));
    const joined = Promise.race([new Promise<void>((resolve) => (onJoined = resolve)), failed]);
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'joined') return onJoined();
      const [kind, at] = line.split(' ');
      if (kind !== 'got') return onFailure(new Error(`a bench socket failed: ${line}`));
      received.push(Number(at));
    });
    await within(joined, 'every app joined');

    const started = Date.now();
    const total = seconds * REPLIES_PER_S;
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / REPLIES_PER_S;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      await db.query(`insert into public.posts (thread_id, author_id, content, type) values ($1, $2, $3, 'reply')`, [
        threads[n % threads.length],
        writers[n % writers.length],
        `Reply ${n} of the poke count`,
      ]);
    }
    const ended = Date.now();
    await within(quiet(db), 'the trailing pokes sent');
    const settled = async () => {
      while (received.length < expected) await new Promise((resolve) => setTimeout(resolve, 50));
    };
    await within(settled(), 'every poke delivered');

    const span = (ended - started) / 1000;
    const inRun = received.filter((at) => at >= started && at < ended);
    const perSecond = inRun.length / span;
    const buckets = new Map<number, number>();
    for (const at of inRun) {
      const second = Math.floor((at - started) / 1000);
      buckets.set(second, (buckets.get(second) ?? 0) + 1);
    }
    printTable(
      `Live pokes: ${apps} open apps on 'forum', ${WRITERS} writers' apps on their own topic, ${REPLIES_PER_S} replies ` +
        `a second for ${seconds} s (local stack, PGlite). Before: ${FORUM_POKES_PER_REPLY_BEFORE} forum broadcasts ` +
        `a reply, as measured on a hosted-shaped database, so ${FORUM_POKES_PER_REPLY_BEFORE} times replies times apps`,
      [
        'replies/s',
        'forum pokes/s',
        'member pokes/s',
        'delivered/s',
        'busiest second',
        'before (computed)/s',
        'goal',
        'result',
      ],
      [
        [
          total / span,
          broadcasts.forum / span,
          broadcasts.member / span,
          perSecond,
          Math.max(0, ...buckets.values()),
          (total / span) * FORUM_POKES_PER_REPLY_BEFORE * apps,
          `delivered < ${QUOTA_PER_S}/s`,
          perSecond < QUOTA_PER_S ? 'met' : 'NOT met',
        ],
      ],
    );
  } finally {
    child.stdin.end();
    child.kill();
    await unlisten();
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
