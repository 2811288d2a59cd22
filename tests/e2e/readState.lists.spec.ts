// The thread lists' read marks for a member: "N new", the new-thread dot, /threads' All / Unread / New filter, and
// "Mark all read" for everything (offline, through the outbox) and for a category. Visitors see none of it.
import { expect, test, type Page } from './support/test.ts';
import { MEMBER_ID } from './pages/ThreadPage.ts';
import { DESKTOP } from './support/screens.ts';
import { freshMember, freshThread, signedInPage } from './threadToolsSupport.ts';
import { screens, serverPosition, threadWithPosts } from './readStateSupport.ts';

test.use({ viewport: DESKTOP });
test.setTimeout(120_000);

const row = (page: Page, title: string) => page.getByTestId('thread-row').filter({ hasText: title });

test('/threads filters Unread and New, and Mark all read clears them offline, then reaches the server', async ({
  browser,
  baseURL,
}) => {
  const member = await freshMember(baseURL!, 'marker');
  const stamp = Date.now();
  const unread = await threadWithPosts(baseURL!, MEMBER_ID, `Marks unread ${stamp}`, 3);
  const fresh = await freshThread(baseURL!, MEMBER_ID, `Marks fresh ${stamp}`);
  const read = await threadWithPosts(baseURL!, MEMBER_ID, `Marks read ${stamp}`, 2);
  for (const [thread, position] of [
    [unread, 1],
    [read, 2],
  ] as const) {
    const { error } = await member.client.rpc('mark_thread_read', { thread_id: thread.id, post_number: position });
    expect(error).toBeNull();
  }
  const { page, context } = await signedInPage(browser, member);
  await page.goto('/threads');
  await expect(row(page, unread.title).getByTestId('new-count')).toHaveText('2 new');
  await expect(row(page, fresh.title).getByRole('img', { name: 'New thread' })).toBeVisible();
  await expect(row(page, read.title)).toBeVisible();
  await expect(row(page, read.title).getByTestId('new-count')).toHaveCount(0);
  await expect(row(page, read.title).getByRole('img', { name: 'New thread' })).toHaveCount(0);
  await screens(page, 'threads-all');

  const filters = page.getByRole('navigation', { name: 'Show threads' });
  await filters.getByRole('link', { name: 'Unread' }).click();
  await expect(page).toHaveURL(/[?&]filter=unread/);
  await expect(filters.getByRole('link', { name: 'Unread' })).toHaveAttribute('aria-current', 'page');
  // One filter is the current page, and only it is highlighted.
  await expect(filters.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(filters.locator('[data-status="active"]')).toHaveCount(1);
  await expect(row(page, unread.title)).toBeVisible();
  await expect(row(page, fresh.title)).toHaveCount(0);
  await expect(row(page, read.title)).toHaveCount(0);
  await screens(page, 'threads-unread');

  await filters.getByRole('link', { name: 'New' }).click();
  await expect(page).toHaveURL(/[?&]filter=new/);
  await expect(filters.locator('[aria-current="page"]')).toHaveText('New');
  await expect(filters.locator('[data-status="active"]')).toHaveText('New');
  await expect(row(page, fresh.title)).toBeVisible();
  await expect(row(page, unread.title)).toHaveCount(0);
  await expect(row(page, read.title)).toHaveCount(0);

  // Offline, Mark all read clears every mark at once; the write waits to send.
  await filters.getByRole('link', { name: 'All' }).click();
  await expect(row(page, unread.title).getByTestId('new-count')).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(row(page, unread.title).getByTestId('new-count')).toHaveCount(0);
  await expect(row(page, fresh.title).getByRole('img', { name: 'New thread' })).toHaveCount(0);
  await filters.getByRole('link', { name: 'Unread' }).click();
  await expect(row(page, read.title)).toHaveCount(0);
  await expect(row(page, unread.title)).toHaveCount(0);
  expect(await serverPosition(baseURL!, member.id, unread.id)).toBe(1);

  await context.setOffline(false);
  await expect.poll(() => serverPosition(baseURL!, member.id, unread.id), { timeout: 60_000 }).toBe(3);
  await expect.poll(() => serverPosition(baseURL!, member.id, fresh.id)).toBe(1);
  await context.close();
});

test('Mark all read on a category clears that category only', async ({ browser, baseURL }) => {
  const member = await freshMember(baseURL!, 'catmarker');
  const stamp = Date.now();
  const general = await threadWithPosts(baseURL!, MEMBER_ID, `Category marks ${stamp}`, 2, 'guapcoin-general');
  const support = await freshThread(baseURL!, MEMBER_ID, `Support marks ${stamp}`, 'technical-support');
  const { error } = await member.client.rpc('mark_thread_read', { thread_id: general.id, post_number: 1 });
  expect(error).toBeNull();
  const { page, context } = await signedInPage(browser, member);

  await page.goto('/category/guapcoin?cat=guapcoin-general');
  await expect(row(page, general.title).getByTestId('new-count')).toHaveText('1 new');
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(row(page, general.title).getByTestId('new-count')).toHaveCount(0);
  await expect.poll(() => serverPosition(baseURL!, member.id, general.id), { timeout: 60_000 }).toBe(2);

  await page.goto('/category/support?cat=technical-support');
  await expect(row(page, support.title).getByRole('img', { name: 'New thread' })).toBeVisible();
  expect(await serverPosition(baseURL!, member.id, support.id)).toBe(0);
  await context.close();
});

test('a visitor sees no read marks, no filter and no Mark all read', async ({ page, baseURL }) => {
  const fresh = await freshThread(baseURL!, MEMBER_ID, `Visitor marks ${Date.now()}`);
  await page.goto('/threads');
  await expect(row(page, fresh.title)).toBeVisible();
  await expect(page.getByTestId('new-count')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'New thread' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Show threads' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
});
