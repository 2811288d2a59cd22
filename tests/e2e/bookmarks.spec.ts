// Bookmarks: one member on two devices. A bookmark made offline on A waits to send, reaches the server once on
// reconnect and shows on B after B's pull; /bookmarks reads offline; removing it on B takes it from A too.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from './support/test.ts';
import { MEMBER } from './support/accounts.ts';
import { outboxSize } from './support/mirror.ts';
import { DESKTOP, PHONE } from './support/screens.ts';
import { BookmarksPage } from './pages/BookmarksPage.ts';
import { MEMBER_ID, SEEDED, seededThreadId, serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { backgroundSyncRefused } from './support/serviceWorker.ts';
import { signInQuickly } from './support/signIn.ts';

test.use({ serviceWorkers: 'allow' });

async function device(browser: Browser, path: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  // Only the page sends (see backgroundSyncRefused): the browser's sync would let the worker send while "offline".
  await backgroundSyncRefused(context);
  const page = await context.newPage();
  await signInQuickly(page, MEMBER, path);
  return { context, page, thread: new ThreadPage(page), bookmarks: new BookmarksPage(page) };
}

const SCREENS = '/tmp/guap-screens/h-keys';

/** The screen at both sizes people look at it, for a person to check. */
async function shoot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  const size = page.viewportSize()!;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SCREENS, `${name}-${viewport.width}x${viewport.height}.png`) });
  }
  await page.setViewportSize(size);
}

async function takenByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** A pull on B, as when the member comes back to the tab. */
const pull = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

test('a bookmark made offline on one device shows on the other after its pull, and removing it there removes it here', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const service = await serviceClient(baseURL!);
  const threadId = seededThreadId(SEEDED.rules);
  const { data: opening } = await service
    .from('posts')
    .select('id')
    .eq('thread_id', threadId)
    .eq('is_first_post', true)
    .single();
  const postId = (opening as { id: string }).id;
  const onServer = async () =>
    (await service.from('bookmarks').select('note').eq('user_id', MEMBER_ID).eq('post_id', postId)).data ?? [];
  const note = `Read before posting ${Date.now()}`;

  const a = await device(browser, `/t/${SEEDED.rules}`);
  await expect(a.thread.posts.first()).toBeVisible();
  const b = await device(browser, '/bookmarks');
  await expect(b.bookmarks.heading).toBeVisible();
  await expect(b.bookmarks.empty).toBeVisible();

  // A, offline: the dialog counts the note and refuses one over 500 characters, then keeps the bookmark waiting.
  await takenByServiceWorker(a.page);
  await a.page.waitForLoadState('networkidle');
  await a.context.setOffline(true);
  const action = BookmarksPage.actionOf(a.thread.posts.first());
  await expect(action).toHaveText('Bookmark');
  await action.click();
  await expect(a.bookmarks.dialog).toHaveAccessibleName('Bookmark post');
  await a.bookmarks.note.fill('x'.repeat(501));
  await expect(a.bookmarks.dialog.getByText('501/500')).toBeVisible();
  await expect(a.bookmarks.dialog.getByRole('alert')).toHaveText('A bookmark note can be at most 500 characters');
  await expect(a.bookmarks.dialog.getByRole('button', { name: 'Bookmark', exact: true })).toBeDisabled();
  await a.bookmarks.note.fill(note);
  await expect(a.bookmarks.dialog.getByText(`${note.length}/500`)).toBeVisible();
  await shoot(a.page, 'bookmark-dialog');
  await a.bookmarks.dialog.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(a.bookmarks.dialog).toBeHidden();
  await expect(action).toHaveText('Bookmarked');
  await expect(action).toHaveAttribute('data-status', 'sending');
  expect(await onServer()).toEqual([]);

  // Still offline, /bookmarks lists it, waiting to send, and a reload from the service worker still shows it.
  await a.bookmarks.openFromMenu();
  const item = a.bookmarks.item(note);
  await expect(item).toContainText('Forum rules and code of conduct');
  await expect(item).toContainText('Waiting to send');
  await a.page.reload();
  await expect(a.bookmarks.item(note)).toBeVisible();

  // Back online: sent once; the thread's link leads to the post.
  await a.context.setOffline(false);
  await expect(a.bookmarks.item(note)).not.toContainText('Waiting to send');
  await expect.poll(onServer).toEqual([{ note }]);
  await expect.poll(() => outboxSize(a.page)).toBe(0);
  await shoot(a.page, 'bookmarks');

  // B's next pull brings it, with its thread, excerpt and note.
  await expect
    .poll(async () => {
      await pull(b.page);
      return b.bookmarks.item(note).count();
    })
    .toBe(1);
  await expect(b.bookmarks.item(note).getByRole('link')).toHaveAttribute('href', `/thread/${threadId}#post-${postId}`);

  // B removes it: gone from the server, and A's next pull takes it from A's list.
  await b.bookmarks
    .item(note)
    .getByRole('button', { name: /^Remove bookmark of / })
    .click();
  await expect(b.bookmarks.item(note)).toHaveCount(0);
  await expect(b.bookmarks.empty).toBeVisible();
  await expect.poll(onServer).toEqual([]);
  await expect
    .poll(async () => {
      await pull(a.page);
      return a.bookmarks.item(note).count();
    })
    .toBe(0);
  await a.context.close();
  await b.context.close();
});

test("a bookmark's note is changed and the bookmark removed from the post", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const service = await serviceClient(baseURL!);
  const a = await device(browser, `/t/${SEEDED.short}`);
  await expect(a.thread.posts.first()).toBeVisible();
  const postId = (await a.thread.posts.first().getAttribute('id'))!.slice('post-'.length);
  const onServer = async () =>
    (await service.from('bookmarks').select('note').eq('user_id', MEMBER_ID).eq('post_id', postId)).data ?? [];
  const action = BookmarksPage.actionOf(a.thread.posts.first());

  await action.click();
  await a.bookmarks.dialog.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(action).toHaveText('Bookmarked');
  await expect.poll(onServer).toEqual([{ note: null }]);

  await action.click();
  await expect(a.bookmarks.dialog).toHaveAccessibleName('Edit bookmark');
  await a.bookmarks.note.fill('  works offline  ');
  await a.bookmarks.dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(onServer).toEqual([{ note: 'works offline' }]);

  await action.click();
  await expect(a.bookmarks.note).toHaveValue('works offline');
  await a.bookmarks.dialog.getByRole('button', { name: 'Remove bookmark' }).click();
  await expect(action).toHaveText('Bookmark');
  await expect.poll(onServer).toEqual([]);
  await a.context.close();
});
