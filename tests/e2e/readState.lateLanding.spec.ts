// A landing that comes late does not move a member who has started: the thread opens before its unread posts have
// arrived (a slow pull), the member starts a reply; when the posts arrive the "Unread since your last visit" divider
// shows above the first of them, and the page stays where the member was (the new posts come in below it).
import { expect, test } from './support/test.ts';
import { MEMBER_ID, ThreadPage, serviceClient } from './pages/ThreadPage.ts';
import { mirroredReadPosition } from './support/mirror.ts';
import { DESKTOP } from './support/screens.ts';
import { freshMember, signedInPage } from './threadToolsSupport.ts';
import { threadWithPosts } from './readStateSupport.ts';

test.use({ viewport: DESKTOP });

test('unread posts arriving after the member started a reply do not scroll the page away from it', async ({
  browser,
  baseURL,
}) => {
  const member = await freshMember(baseURL!, 'late');
  const long = await threadWithPosts(baseURL!, MEMBER_ID, `Late landing ${Date.now()}`, 30);
  const service = await serviceClient(baseURL!);
  const read = await service
    .from('thread_reads')
    .insert({ user_id: member.id, thread_id: long.id, last_read_post_number: 30 });
  expect(read.error).toBeNull();
  const { page, context } = await signedInPage(browser, member);
  await page.goto('/threads');
  await expect.poll(() => mirroredReadPosition(page, long.id)).toBe(30);

  // 30 posts more; they reach this device only once the member is writing. The server's page shows the first 20.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/posts?*', async (route) => {
    if (route.request().method() === 'GET') await released;
    await route.continue();
  });
  const more = Array.from({ length: 30 }, (_, i) => ({
    thread_id: long.id,
    author_id: MEMBER_ID,
    content: `Later reply ${i + 31} of ${long.title}.`,
    type: 'reply',
  }));
  expect((await service.from('posts').insert(more)).error).toBeNull();

  const thread = new ThreadPage(page);
  await thread.open(long.slug);
  await thread.replyBox.click();
  await page.keyboard.type('Writing while the thread loads');
  const lastRead = page.locator(`#post-${long.postIds[29]!}`);
  await expect(lastRead).toBeInViewport();
  const topOf = (locator: typeof lastRead) => locator.evaluate((element) => element.getBoundingClientRect().top);
  const before = await topOf(lastRead);

  release();
  const divider = page.getByTestId('unread-divider');
  await expect(divider).toHaveText('Unread since your last visit');
  // One transaction wrote them all, so they share their time and any of them may come first below the divider.
  await expect(
    page
      .getByTestId('post')
      .filter({ hasText: /Later reply \d+ of/ })
      .first(),
  ).toBeAttached();
  // The landing would have scrolled the divider (right below post 30) up under the header, taking post 30 up by more
  // than its own height (331 px measured); the page settling above it moved it by 41 px once.
  expect(Math.abs((await topOf(lastRead)) - before)).toBeLessThan(100);
  await expect(thread.replyBox).toBeFocused();
  await expect(thread.replyBox).toHaveValue('Writing while the thread loads');
  await context.close();
});
