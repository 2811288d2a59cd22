// What the read-state specs share: a thread of many posts made on the server, the member's read position as the
// server holds it, reading a windowed thread down to a post, and screenshots in this branch's folder.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { serviceClient } from './pages/ThreadPage.ts';
import { outboxSize } from './support/mirror.ts';
import { DESKTOP, PHONE } from './support/screens.ts';
import { freshThread } from './threadToolsSupport.ts';

const SCREENS = join(tmpdir(), 'guap-screens', 'h-readui');

/** The page at 1280x800 and at 390x844, then back to the size it had. */
export async function screens(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  const size = page.viewportSize() ?? DESKTOP;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SCREENS, `${name}-${viewport.width}x${viewport.height}.png`) });
  }
  await page.setViewportSize(size);
}

/**
 * A thread of `posts` posts (the opening one and its replies), written straight to the server with a second between
 * them, so the thread reads in post-number order. Answers the posts' ids by post number (index 0 is post 1).
 */
export async function threadWithPosts(
  baseURL: string,
  authorId: string,
  title: string,
  posts: number,
  categorySlug?: string,
) {
  const thread = await freshThread(baseURL, authorId, title, categorySlug);
  const service = await serviceClient(baseURL);
  const start = Date.now() - posts * 1_000;
  const replies = Array.from({ length: posts - 1 }, (_, i) => ({
    thread_id: thread.id,
    author_id: authorId,
    content: `Reply ${i + 2} of ${title}.`,
    type: 'reply',
    created_at: new Date(start + i * 1_000).toISOString(),
  }));
  const inserted = await service.from('posts').insert(replies);
  if (inserted.error) throw new Error(`reply insert failed: ${inserted.error.message}`);
  const { data, error } = await service
    .from('posts')
    .select('id, post_number')
    .eq('thread_id', thread.id)
    .order('post_number');
  if (error) throw new Error(`post read failed: ${error.message}`);
  expect(data.map((p) => p.post_number)).toEqual(Array.from({ length: posts }, (_, i) => i + 1));
  return { ...thread, postIds: data.map((p) => p.id as string) };
}

/** The member's read position of a thread on the server (0 when none). */
export async function serverPosition(baseURL: string, userId: string, threadId: string): Promise<number> {
  const service = await serviceClient(baseURL);
  const { data, error } = await service
    .from('thread_reads')
    .select('last_read_post_number')
    .eq('user_id', userId)
    .eq('thread_id', threadId)
    .maybeSingle();
  if (error) throw new Error(`thread_reads read failed: ${error.message}`);
  return data?.last_read_post_number ?? 0;
}

/**
 * Scrolls the open thread down, as a reader does, until the post is in the middle of the window. The list is
 * windowed: a post far down is not in the page until its page nears the viewport.
 */
export async function readDownTo(page: Page, postId: string) {
  const post = page.locator(`#post-${postId}`);
  await expect(async () => {
    if ((await post.count()) === 0) await page.evaluate(() => window.scrollBy(0, window.innerHeight * 2));
    await expect(post).toBeAttached({ timeout: 500 });
  }).toPass({ timeout: 60_000 });
  await post.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect(post).toBeInViewport();
}

/** The highest post number in the window as the seen tracking counts it: at least 99% of the post showing. */
export function positionInView(page: Page, postIds: readonly string[]): Promise<number> {
  return page.evaluate((ids) => {
    let highest = 0;
    for (const article of document.querySelectorAll('article[data-testid="post"]')) {
      const rect = article.getBoundingClientRect();
      const shown = Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, 0);
      const number = ids.indexOf(article.id.slice('post-'.length)) + 1;
      if (shown >= rect.height * 0.99 && number > highest) highest = number;
    }
    return highest;
  }, postIds);
}

/**
 * Waits until the server holds the position this page shows, and nothing waits in its outbox: then no trailing write
 * of the seen tracking can move it later. Answers the position.
 */
export async function settledPosition(
  page: Page,
  baseURL: string,
  userId: string,
  thread: { id: string; postIds: string[] },
) {
  // The page may still settle after a scroll (pages of posts render as they near the window, and take their real
  // height), so the position shown is read again each time until the server holds it.
  let shown = 0;
  await expect
    .poll(
      async () => {
        shown = await positionInView(page, thread.postIds);
        return shown > 0 && (await serverPosition(baseURL, userId, thread.id)) === shown;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await expect.poll(() => outboxSize(page), { timeout: 60_000 }).toBe(0);
  expect(await serverPosition(baseURL, userId, thread.id)).toBe(shown);
  return shown;
}
