// Live updates seen from the app: from a reply's commit to its paint on another reader's open thread, and
// from a private message's commit to the recipient's bell, in headless Chromium against the built app on a PGlite
// stack: over loopback, and with the reader's page on Lighthouse's mobile network. The baseline is the interval pull
// the app had before: a change waited for the next one (every 60 s), 30 s on average, before any pull. A topic is
// poked at most once an interval: each change is written once its topic is quiet, so it is poked at once, and one row
// times a reply right after an edit, which the trailing poke announces.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { authStorageKey } from '../src/backend/auth.ts';
import type { Db } from '../supabase/local/db.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack, type Stack } from '../supabase/local/server.ts';
import { openMigratedPglite } from '../tests/support/migratedDatabase.ts';
import { builtApp } from './builtApp.ts';
import { attachMobileNetwork, MOBILE_NETWORK_LABEL, type MobileNetwork } from './mobileNetwork.ts';
import { printTable } from './stats.ts';

export interface LivePaintOptions {
  /** Changes timed per row. */
  runs: number;
}

const DEFAULTS: LivePaintOptions = { runs: Number(process.env.LIVE_RUNS ?? 10) };
const SLUG = 'offline-mode-is-great';
const MEMBER = { email: 'member@guapcoin.local', password: 'guapmember123' };
const MEMBER_ID = 'a0000000-0000-4000-8000-000000000003';
const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';
const GOAL_LOOPBACK_MS = 500;
const GOAL_MOBILE_MS = 1_500;
/** A reply poked by the trailing poke waits out the rest of the forum's interval (1.25 s) first. */
const GOAL_TRAILING_MS = 1_500;
/** The app's interval pull without live updates, and so the mean wait for the next one. */
const INTERVAL_MS = 60_000;

/** Past the interval pull: a change not painted by then never will be. */
const PAINT_LIMIT_MS = 2 * INTERVAL_MS;

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
}

/**
 * Resolves, in the page, with the epoch time of the first paint after which `selector` matches an element whose text
 * holds `text` (a reply), or whose aria-label is no longer `label` (the bell's count).
 */
function paintedAt(
  page: Page,
  selector: string,
  wanted: { text?: string; labelOtherThan?: string; gone?: boolean },
): Promise<number> {
  return page.evaluate(
    async ({ selector, wanted, limit }) => {
      const matches = () =>
        [...document.querySelectorAll(selector)].some((e) =>
          wanted.text !== undefined
            ? (e.textContent ?? '').includes(wanted.text)
            : e.getAttribute('aria-label') !== wanted.labelOtherThan,
        );
      const shown = () => matches() !== Boolean(wanted.gone);
      await new Promise<void>((resolve, reject) => {
        if (shown()) return resolve();
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`${selector} ${JSON.stringify(wanted)}: not painted in ${limit / 1000} s`));
        }, limit);
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
      });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.timeOrigin + performance.now();
    },
    { selector, wanted, limit: PAINT_LIMIT_MS },
  );
}

/** Opens `path` and waits until the live socket has joined its topics (the server's join replies). */
async function openLive(page: Page, stack: Stack, path: string, topics: number) {
  const socket = page.waitForEvent('websocket');
  await page.goto(`${stack.url}${path}`);
  const ws = await socket;
  let joined = 0;
  await ws.waitForEvent('framereceived', {
    predicate: (frame) => String(frame.payload).includes('"phx_reply"') && ++joined >= topics,
  });
  await page.waitForLoadState('networkidle');
}

interface Change {
  /** Starts watching the page for the change; resolves with the epoch time it was painted. */
  watch(): Promise<number>;
  write(): Promise<unknown>;
  /** Takes the change back once it was timed, and waits until the page shows that. */
  undo?(): Promise<unknown>;
}

/**
 * Waits until `topic` was last poked an interval ago and nothing waits to be sent on it: the next write's poke leaves
 * at once (20261129001000_live_pokes_coalesced.sql).
 */
async function quietOn(db: Db, topic: string): Promise<void> {
  const deadline = Date.now() + PAINT_LIMIT_MS;
  while (Date.now() < deadline) {
    const { rows } = await db.query<{ quiet: boolean }>(
      `select not exists (select 1 from public.live_poke_requests where topic = $1)
          and not exists (select 1 from public.live_pokes
                          where topic = $1 and sent_at > clock_timestamp() - public.poke_interval(topic)) as quiet`,
      [topic],
    );
    if (rows[0]!.quiet) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${topic} was not quiet in ${PAINT_LIMIT_MS / 1000} s`);
}

async function timeChanges(network: MobileNetwork, mobile: boolean, runs: number, change: () => Promise<Change>) {
  const times: number[] = [];
  await network.throttle(mobile);
  for (let i = 0; i < runs; i++) {
    const { watch, write, undo } = await change();
    const painted = watch();
    const committedAt = Date.now();
    await write();
    times.push((await painted) - committedAt);
    await undo?.();
  }
  await network.throttle(false);
  return times;
}

export async function benchLivePaint(options: Partial<LivePaintOptions> = {}) {
  const { runs } = { ...DEFAULTS, ...options };
  const outDir = await builtApp();
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-bench-live-paint-'));
  const db = await openMigratedPglite('seeded');
  const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir, staticDir: outDir });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const { rows } = await db.query<{ id: string }>('select id from public.threads where slug = $1', [SLUG]);
    const threadId = rows[0]!.id;
    const { data, error } = await createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    }).auth.signInWithPassword(MEMBER);
    if (error || !data.session) throw new Error(`the bench member could not sign in: ${error?.message}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: authStorageKey(stack.url),
      value: JSON.stringify(data.session),
    });
    const page = await context.newPage();
    // tsx names functions with an `__name` helper that the page does not have; the evaluated code needs it.
    await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
    const network = await attachMobileNetwork(page);

    await openLive(page, stack, `/t/${SLUG}`, 2);
    // Each reply is deleted once timed: the thread keeps its size, so the next one lands on the page the member
    // reads (the list renders only its visible pages of 20, and 30 replies would fall past them).
    const newReply = (): Change => {
      const text = `Live paint ${randomUUID()}`;
      return {
        watch: () => paintedAt(page, '[data-testid="post"]', { text }),
        write: () =>
          db.query(`insert into public.posts (thread_id, author_id, content, type) values ($1, $2, $3, 'reply')`, [
            threadId,
            ADMIN_ID,
            text,
          ]),
        undo: async () => {
          const gone = paintedAt(page, '[data-testid="post"]', { text, gone: true });
          await db.query('delete from public.posts where thread_id = $1 and content = $2', [threadId, text]);
          await gone;
        },
      };
    };
    // A reply to a quiet forum is poked at once.
    const reply = async (): Promise<Change> => {
      await quietOn(db, 'forum');
      return newReply();
    };
    // A reply right after an edit was poked and painted: its poke is the trailing one, an interval after the edit's.
    // An edit, so the open thread keeps within its first rendered pages.
    const replyAfterAnother = async (): Promise<Change> => {
      await quietOn(db, 'forum');
      const text = `Live paint, edited ${randomUUID()}`;
      const painted = paintedAt(page, '[data-testid="post"]', { text });
      await db.query(
        `update public.posts set content = $1
         where id = (select id from public.posts where thread_id = $2 order by created_at limit 1)`,
        [text, threadId],
      );
      await painted;
      return newReply();
    };
    const replyLoopback = await timeChanges(network, false, runs, reply);
    const replyMobile = await timeChanges(network, true, runs, reply);
    const trailingLoopback = await timeChanges(network, false, runs, replyAfterAnother);

    const bell = '[data-testid="notifications-bell"]';
    const message = async (): Promise<Change> => {
      await quietOn(db, `user:${MEMBER_ID}`);
      const label = (await page.locator(bell).getAttribute('aria-label')) ?? '';
      return {
        watch: () => paintedAt(page, bell, { labelOtherThan: label }),
        write: () =>
          db.query(
            `insert into public.messages (sender_id, recipient_id, subject, content) values ($1, $2, 'Live', 'Hi')`,
            [ADMIN_ID, MEMBER_ID],
          ),
      };
    };
    const messageLoopback = await timeChanges(network, false, runs, message);
    const messageMobile = await timeChanges(network, true, runs, message);

    const baseline = `${INTERVAL_MS / 2 / 1000} s + a pull (interval ${INTERVAL_MS / 1000} s)`;
    printTable(
      `Live updates: commit to paint on another member's open app, ${runs} changes each (ms). Mobile: ${MOBILE_NETWORK_LABEL}`,
      ['change', 'network', 'p50', 'max', 'before: interval pull, mean', 'goal', 'result'],
      [
        [
          'a reply, on an open thread',
          'loopback',
          p50(replyLoopback),
          Math.max(...replyLoopback),
          baseline,
          `p50 < ${GOAL_LOOPBACK_MS} ms`,
          verdict(p50(replyLoopback) < GOAL_LOOPBACK_MS),
        ],
        [
          'a reply, on an open thread',
          'mobile',
          p50(replyMobile),
          Math.max(...replyMobile),
          baseline,
          `p50 < ${GOAL_MOBILE_MS} ms`,
          verdict(p50(replyMobile) < GOAL_MOBILE_MS),
        ],
        [
          'a reply right after an edit (trailing poke)',
          'loopback',
          p50(trailingLoopback),
          Math.max(...trailingLoopback),
          baseline,
          `p50 < ${GOAL_TRAILING_MS} ms`,
          verdict(p50(trailingLoopback) < GOAL_TRAILING_MS),
        ],
        [
          'a message, on the bell',
          'loopback',
          p50(messageLoopback),
          Math.max(...messageLoopback),
          baseline,
          `p50 < ${GOAL_LOOPBACK_MS} ms`,
          verdict(p50(messageLoopback) < GOAL_LOOPBACK_MS),
        ],
        [
          'a message, on the bell',
          'mobile',
          p50(messageMobile),
          Math.max(...messageMobile),
          baseline,
          `p50 < ${GOAL_MOBILE_MS} ms`,
          verdict(p50(messageMobile) < GOAL_MOBILE_MS),
        ],
      ],
    );
  } finally {
    await browser.close();
    await stack.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}
