// Read state across two devices of one member: device A reads half of a 200-post thread, then further offline;
// device B sees "N new" in the thread list, and after A reconnects and B pulls, lands on the first unread post
// under the divider "Unread since your last visit".
import { expect, test } from './support/test.ts';
import { MEMBER_ID, ThreadPage } from './pages/ThreadPage.ts';
import { outboxSize } from './support/mirror.ts';
import { DESKTOP } from './support/screens.ts';
import { freshMember, freshThread, signedInPage } from './threadToolsSupport.ts';
import { readDownTo, screens, serverPosition, settledPosition, threadWithPosts } from './readStateSupport.ts';

test.use({ viewport: DESKTOP });
// Two devices, a 200-post thread and a reconnect on a busy machine.
test.setTimeout(240_000);

test('two devices: read on A, offline and back; B sees N new, then lands on the first unread post', async ({
  browser,
  baseURL,
}) => {
  // Several pages and many steps: over 15 s on a quiet machine, so three times the default on a busy one.
  test.slow();
  const member = await freshMember(baseURL!, 'reader');
  const stamp = Date.now();
  const long = await threadWithPosts(baseURL!, MEMBER_ID, `Read state long ${stamp}`, 200);
  const untouched = await freshThread(baseURL!, MEMBER_ID, `Read state untouched ${stamp}`);
  const a = await signedInPage(browser, member);
  const b = await signedInPage(browser, member);

  // A opens the thread: never opened before, so it starts at the top, with no divider.
  const threadA = new ThreadPage(a.page);
  await threadA.open(long.slug);
  await expect(a.page.getByTestId('unread-divider')).toHaveCount(0);
  await readDownTo(a.page, long.postIds[99]!);
  const half = await settledPosition(a.page, baseURL!, member.id, long);
  expect(half).toBeGreaterThanOrEqual(100);

  // Offline, A reads on: the position waits in its outbox.
  await a.context.setOffline(true);
  await readDownTo(a.page, long.postIds[149]!);
  await expect.poll(() => outboxSize(a.page)).toBeGreaterThan(0);
  expect(await serverPosition(baseURL!, member.id, long.id)).toBe(half);

  // B, online, opens the list: the thread shows the posts past what the server holds, the other thread a dot.
  await b.page.goto('/threads');
  const longRow = b.page.getByTestId('thread-row').filter({ hasText: long.title });
  const untouchedRow = b.page.getByTestId('thread-row').filter({ hasText: untouched.title });
  await expect(longRow.getByTestId('new-count')).toHaveText(`${200 - half} new`);
  await expect(untouchedRow.getByRole('img', { name: 'New thread' })).toBeVisible();
  await screens(b.page, 'list-new-and-unread');

  // A reconnects and sends its position.
  await a.context.setOffline(false);
  const further = await settledPosition(a.page, baseURL!, member.id, long);
  expect(further).toBeGreaterThanOrEqual(150);

  // B's next pull (a fresh start of the app) brings it: the list says so, then the thread opens on post further+1.
  await b.page.reload();
  await expect(longRow.getByTestId('new-count')).toHaveText(`${200 - further} new`);
  await longRow.getByRole('link', { name: long.title }).click();
  const divider = b.page.getByTestId('unread-divider');
  await expect(divider).toHaveText('Unread since your last visit');
  await expect(divider).toBeInViewport();
  const firstUnread = b.page.locator(`#post-${long.postIds[further]!}`);
  await expect(firstUnread).toBeInViewport();
  await expect(firstUnread).toContainText(`Reply ${further + 1} of`);
  // The divider sits right above it.
  await expect(b.page.locator(`[data-testid="unread-divider"] + #post-${long.postIds[further]!}`)).toHaveCount(1);
  await expect(b.page.getByRole('main').locator('header').first().getByTestId('new-count')).toBeVisible();
  await screens(b.page, 'thread-unread-divider');

  await a.context.close();
  await b.context.close();
});
