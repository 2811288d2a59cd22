// A long thread for the browser benchmarks that read one (read position, memory): made in the database, waited for
// in the page's list, and scrolled from top to bottom as a fast reader does.
import type { Page } from '@playwright/test';
import type { Db } from '../supabase/local/db.ts';
import { POSTS_PER_PAGE } from '../src/features/thread/windowing.ts';

/** tsx names functions with an `__name` helper that the page does not have; evaluated code needs it. */
export const NAME_SHIM = 'window.__name = (fn) => fn;';

/** Pixels scrolled per animation frame: a fast reader's flick, so every page of the list renders on the way down. */
const STEP_PX = 300;

/** Far more frames than a 2,000-post scroll needs (about 1,300): past them, the list never showed its last post. */
const MAX_FRAMES = 20_000;

/**
 * A step waits this long for its animation frame, then goes by a timer: a page whose frames stopped coming would
 * otherwise hold the bench forever (page.evaluate has no timeout), and a smoke run once hung 10 minutes somewhere here.
 */
const FRAME_WAIT_MS = 2_000;

export interface LongThread {
  threadId: string;
  lastPostId: string;
}

/** A thread of `posts` posts by the seeded admin, a second apart, so post numbers follow the reading order. */
export async function makeLongThread(db: Db, slug: string, posts: number): Promise<LongThread> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.threads (slug, title, category_id, author_id, created_at)
     select $1, 'Long thread bench: ' || $2::int || ' posts', (select id from public.categories order by order_index limit 1),
            (select id from public.profiles where username = 'admin'), now() - interval '3 days'
     returning id`,
    [slug, posts],
  );
  const threadId = rows[0]!.id;
  await db.query(
    `insert into public.posts (thread_id, author_id, content, type, is_first_post, created_at)
     select $1, (select id from public.profiles where username = 'admin'),
            'Post ' || g || ' of the long thread bench. ' || repeat('GUAPX reading on a train. ', 4),
            case when g = 1 then 'thread' else 'reply' end, g = 1, now() - interval '3 days' + make_interval(secs => g)
     from generate_series(1, $2::int) g`,
    [threadId, posts],
  );
  const last = await db.query<{ id: string }>(
    'select id from public.posts where thread_id = $1 order by post_number desc limit 1',
    [threadId],
  );
  return { threadId, lastPostId: last.rows[0]!.id };
}

/**
 * Every post is in the mirror and the list before the scroll starts (a page box for each page of posts, and the fetch
 * settled): a bench times or weighs reading, not the first fetch and its writes to the mirror.
 */
export async function allPostsInMirror(page: Page, posts: number) {
  await page.waitForFunction(
    (pages) => document.querySelectorAll('[data-page]').length === pages,
    Math.ceil(posts / POSTS_PER_PAGE),
    { timeout: 60_000 },
  );
  await page.waitForLoadState('networkidle');
}

export interface ScrollResult {
  started: number;
  ended: number;
  frames: number;
  /** Steps taken by the timer because no animation frame came within FRAME_WAIT_MS. */
  timerSteps: number;
}

/**
 * Scrolls the window down one step a frame until the last post is in view, or, given `frames`, for that many frames
 * (a warm-up: the list's code compiled and its windows swapped a few times).
 */
export function scrollToEnd(page: Page, lastPostId: string, frames?: number): Promise<ScrollResult> {
  return page.evaluate(
    ({ step, lastPostId, maxFrames, stopAfter, frameWaitMs }) =>
      new Promise<ScrollResult>((resolve, reject) => {
        const started = performance.now();
        let frames = 0;
        let timerSteps = 0;
        const tick = () => {
          frames += 1;
          if (stopAfter !== null && frames > stopAfter) {
            resolve({ started, ended: performance.now(), frames: stopAfter, timerSteps });
            return;
          }
          if (frames > maxFrames) {
            reject(new Error(`The last post never came into view in ${maxFrames} frames`));
            return;
          }
          const last = document.getElementById(`post-${lastPostId}`);
          const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
          if (last && last.getBoundingClientRect().bottom <= window.innerHeight && atBottom) {
            resolve({ started, ended: performance.now(), frames, timerSteps });
            return;
          }
          window.scrollBy(0, step);
          nextStep();
        };
        const nextStep = () => {
          const frame = requestAnimationFrame(() => {
            clearTimeout(timer);
            tick();
          });
          const timer = setTimeout(() => {
            cancelAnimationFrame(frame);
            timerSteps += 1;
            tick();
          }, frameWaitMs);
        };
        nextStep();
      }),
    { step: STEP_PX, lastPostId, maxFrames: MAX_FRAMES, stopAfter: frames ?? null, frameWaitMs: FRAME_WAIT_MS },
  );
}
