// Live updates at scale: 1,000 sockets joined to the public 'forum' topic of a local stack on PGlite, and
// pokes sent by the database (realtime.send). Times each socket's receipt of each poke, and prints the stack's memory
// with its sockets open. The sockets live in a child process, so the memory is the stack's own.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { REALTIME_PATH } from '../supabase/local/realtime/realtimeServer.ts';
import { startStack } from '../supabase/local/server.ts';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { printTable } from './stats.ts';

export interface LiveFanoutOptions {
  sockets: number;
  pokes: number;
}

const DEFAULTS: LiveFanoutOptions = { sockets: 1_000, pokes: 20 };
const LATENCY_GOAL_MS = 1_000;
const MEMORY_GOAL_MB_PER_1000 = 100;

/**
 * The client process: opens `sockets` websockets, joins each to realtime:forum, prints "joined", then for each poke
 * prints "got <socket> <epoch ms>". Plain JavaScript over ws, run by node itself.
 */
const CLIENTS = `
import WebSocket from 'ws';
const [url, count] = [process.argv[1], Number(process.argv[2])];
let joined = 0;
for (let i = 0; i < count; i++) {
  const socket = new WebSocket(url);
  socket.on('open', () => socket.send(JSON.stringify(['1', '1', 'realtime:forum', 'phx_join', { config: { private: false } }])));
  socket.on('message', (data) => {
    const [, , , event, payload] = JSON.parse(String(data));
    if (event === 'phx_reply' && payload.status === 'ok' && ++joined === count) console.log('joined');
    if (event === 'broadcast') console.log('got ' + i + ' ' + Date.now() + ' ' + payload.payload.n);
  });
  socket.on('error', (error) => console.log('error ' + error.message));
}
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

/** Far longer than a working run takes at any size: a lost poke fails the bench instead of hanging it. */
const WAIT_LIMIT_MS = 120_000;

async function within(step: Promise<void>, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not ${what} within ${WAIT_LIMIT_MS / 1000} s`)), WAIT_LIMIT_MS);
  });
  await Promise.race([step, limit]).finally(() => clearTimeout(timer));
}

/** The stack's live memory (heap and buffers), after a full collection so that garbage does not count. */
function liveMemoryMb(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const { heapUsed, external } = process.memoryUsage();
  return (heapUsed + external) / 1024 / 1024;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export async function benchLiveFanout(options: Partial<LiveFanoutOptions> = {}) {
  const sizes = { ...DEFAULTS, ...options };
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-live-'));
  const db = await openMigratedPglite('bare');
  const stack = await startStack({
    db,
    jwtSecret: randomJwtSecret(),
    storageDir,
    realtimeLimits: { sockets: sizes.sockets + 10, socketsPerClient: sizes.sockets + 10 },
  });
  const before = liveMemoryMb();
  const clients = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      CLIENTS,
      `${stack.url.replace('http', 'ws')}${REALTIME_PATH}?vsn=2.0.0&apikey=${stack.anonKey}`,
      String(sizes.sockets),
    ],
    { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] },
  );
  try {
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    const lines = createInterface({ input: clients.stdout });
    let onJoined!: () => void;
    let onAll!: () => void;
    let onFailure!: (error: Error) => void;
    const failed = new Promise<never>((_, reject) => (onFailure = reject));
    const joined = Promise.race([new Promise<void>((resolve) => (onJoined = resolve)), failed]);
    const all = Promise.race([new Promise<void>((resolve) => (onAll = resolve)), failed]);
    let received = 0;
    lines.on('line', (line) => {
      if (line === 'joined') return onJoined();
      const [kind, , at, n] = line.split(' ');
      if (kind !== 'got') return onFailure(new Error(`a bench socket failed: ${line}`));
      latencies.push(Number(at) - sentAt.get(Number(n))!);
      received += 1;
      if (received === sizes.sockets * sizes.pokes) onAll();
    });
    await within(joined, 'every socket joined');
    const open = liveMemoryMb();
    for (let n = 0; n < sizes.pokes; n++) {
      sentAt.set(n, Date.now());
      await db.query(`select realtime.send(jsonb_build_object('n', $1::int), 'changed', 'forum', false)`, [n]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await within(all, 'every poke reached every socket');
    latencies.sort((a, b) => a - b);
    const grownMb = open - before;
    const memoryGoalMb = (MEMORY_GOAL_MB_PER_1000 * sizes.sockets) / 1000;
    printTable(
      `One poke to ${sizes.sockets} open sockets on the local stack (PGlite), ${sizes.pokes} pokes: notify to receipt`,
      ['sockets', 'pokes', 'p50 (ms)', 'p95 (ms)', 'max (ms)', 'goal', 'result'],
      [
        [
          String(sizes.sockets),
          String(sizes.pokes),
          percentile(latencies, 50),
          percentile(latencies, 95),
          latencies.at(-1)!,
          `p95 < ${LATENCY_GOAL_MS} ms`,
          percentile(latencies, 95) < LATENCY_GOAL_MS ? 'met' : 'NOT met',
        ],
      ],
    );
    printTable(
      `The stack's memory (heap and buffers, after a full collection) with ${sizes.sockets} sockets open`,
      ['before (MB)', 'open (MB)', 'grown (MB)', 'goal', 'result'],
      [[before, open, grownMb, `< ${memoryGoalMb} MB grown`, grownMb < memoryGoalMb ? 'met' : 'NOT met']],
    );
  } finally {
    clients.stdin.end();
    clients.kill();
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
