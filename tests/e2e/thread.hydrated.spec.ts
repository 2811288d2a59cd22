// The posts the server painted keep their markup through the app's start (src/content/Markdown.tsx does not parse
// their words again): they still act as the app's own. A painted post edited meanwhile shows its new words, rendered,
// and a video in a painted post plays.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { MEMBER_ID, SEEDED, serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { signInQuickly } from './support/signIn.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const VIDEO = 'dQw4w9WgXcQ';
/** A live update's way: the poke, then the pull, on a busy machine. */
const LIVE_WAIT_MS = 30_000;

/** A thread of the seeded member's: an opening post with bold words, and (unless `video: false`) a reply with a video. */
async function paintedThread(baseURL: string, { video = true } = {}) {
  const service = await serviceClient(baseURL);
  const { data: categories } = await service.from('categories').select('id, name').order('order_index').limit(1);
  const category = (categories as { id: string; name: string }[])[0]!;
  const threadId = randomUUID();
  const openingId = randomUUID();
  const slug = `painted-${threadId}`;
  const title = `Painted ${Date.now()}`;
  const inserts = [
    await service.from('threads').insert({
      id: threadId,
      slug,
      title,
      category_id: category.id,
      author_id: MEMBER_ID,
    }),
    await service.from('posts').insert({
      id: openingId,
      thread_id: threadId,
      author_id: MEMBER_ID,
      content: 'Words the server painted, **in bold**.',
      type: 'thread',
      is_first_post: true,
    }),
    await service.from('posts').insert({
      thread_id: threadId,
      author_id: MEMBER_ID,
      content: video ? `A video to watch:\n\n[youtube:${VIDEO}]` : 'A reply with a [link](https://example.com).',
      type: 'reply',
    }),
  ];
  for (const insert of inserts) expect(insert.error).toBeNull();
  return { slug, openingId, title, category: category.name };
}

/** Installed before the page's first byte: keeps the first bold words the HTML parser inserts. */
function keepPaintedBold() {
  const w = window as unknown as { __paintedBold?: Element };
  new MutationObserver(() => {
    w.__paintedBold ??= document.querySelector('[data-testid="post"] strong') ?? undefined;
  }).observe(document, { childList: true, subtree: true });
}

test('a post the server painted keeps its markup, shows new words when it is edited elsewhere, and its video plays', async ({
  page,
  baseURL,
}) => {
  const { slug, openingId } = await paintedThread(baseURL!);
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Video</title>' }),
  );
  await signInQuickly(page, MEMBER);
  await page.addInitScript(keepPaintedBold);
  const thread = new ThreadPage(page);
  await thread.open(slug);

  const opening = thread.posts.first();
  await expect(opening).toContainText('Words the server painted');
  await expect(opening.locator('strong')).toHaveText('in bold');
  const kept = await page.evaluate(
    () =>
      (window as unknown as { __paintedBold?: Element }).__paintedBold ===
      document.querySelector('[data-testid="post"] strong'),
  );
  expect(kept, 'the app kept the painted words, not a copy').toBe(true);

  const video = thread.post('A video to watch');
  await video.getByRole('button', { name: 'Play YouTube video' }).click();
  await expect(video.locator('iframe[title="YouTube video"]')).toHaveAttribute('src', new RegExp(VIDEO));

  // Edited on another of the member's devices: the live update brings the new words to the post on the screen.
  const service = await serviceClient(baseURL!);
  const { error } = await service
    .from('posts')
    .update({ content: 'Words edited after the start, *leaning*.' })
    .eq('id', openingId);
  expect(error).toBeNull();
  await expect(opening).toContainText('Words edited after the start', { timeout: LIVE_WAIT_MS });
  await expect(opening.locator('em')).toHaveText('leaning');
  await expect(opening).not.toContainText('Words the server painted');
  await expect(opening.locator('strong')).toHaveCount(0);
});

/** Watches for the markdown renderer's code, which a post rendered anew (not kept as the server painted it) needs. */
function rendererRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/MarkdownRenderer-[^/]+\.js$/.test(request.url())) asked.push(request.url());
  });
  return asked;
}

test("a visitor's painted thread starts without the markdown renderer's code, which comes when posts render anew", async ({
  page,
  baseURL,
}) => {
  const first = await paintedThread(baseURL!, { video: false });
  const next = await paintedThread(baseURL!, { video: false });
  const rendererAsked = rendererRequests(page);
  const thread = new ThreadPage(page);
  await thread.open(first.slug);
  await page.waitForLoadState('networkidle');
  await expect(thread.posts.first().locator('strong')).toHaveText('in bold');
  expect(rendererAsked, 'a painted thread asked for the renderer').toEqual([]);

  // The next thread, opened in the app by way of the category: the app renders its posts, with the renderer's code.
  await page.getByRole('main').getByRole('link', { name: first.category }).click();
  await page.getByRole('link', { name: next.title }).click();
  await expect(thread.title).toHaveText(next.title);
  await expect(thread.posts.first().locator('strong')).toHaveText('in bold');
  await expect(thread.posts.nth(1).getByRole('link', { name: 'link' })).toHaveAttribute('target', '_blank');
  expect(rendererAsked).toHaveLength(1);
});

test("a long thread's first visit paints its whole first page of posts, and renders none anew once all have come", async ({
  page,
}) => {
  const rendererAsked = rendererRequests(page);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.mega);
  const firstPage = page.locator('[data-page="0"]').getByTestId('post');
  await expect(firstPage).toHaveCount(20);
  // Every post has come (a box per page of 20 for the 201), and the page is quiet: nothing rendered a post anew, and
  // no page beyond the one on the screen rendered ahead of the reader.
  await expect.poll(() => page.locator('[data-page]').count()).toBeGreaterThanOrEqual(11);
  await page.waitForLoadState('networkidle');
  await expect(firstPage).toHaveCount(20);
  await expect(page.locator('[data-rendered="true"]')).toHaveCount(1);
  expect(rendererAsked, 'a painted post was rendered anew').toEqual([]);
});
