// Create Thread with no connection: the thread opens at once as waiting to send, and is created once on reconnect.
import { expect, test } from './support/test.ts';
import { CreateThreadPage } from './pages/CreateThreadPage.ts';
import { serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { outboxSize } from './support/mirror.ts';

test.use({ viewport: { width: 1280, height: 800 } });

test('a thread created offline shows at once as waiting to send and is created exactly once when back online', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const compose = new CreateThreadPage(page);
  await compose.signInAndOpen();
  await compose.chooseCategory('Mining & Staking');
  // The thread view's code is fetched while online (Create Thread preloads it).
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await expect(page.getByText('You are offline. Your thread will be saved here')).toBeVisible();
  // Uploads need a connection, and the button says so.
  await expect(compose.tool('Image upload needs a connection. You are offline.')).toBeVisible();

  const title = `Staking from the train ${Date.now()}`;
  await compose.title.fill(title);
  await compose.content.fill('Written with no signal; it should post when I am back.');
  await compose.submit.click();
  // Offline, the toast says it is kept; the spec's toast comes once the server has the thread.
  await expect(compose.toast('Saved, will send when online')).toBeVisible();
  await expect(page).toHaveURL(/\/t\/staking-from-the-train-\d+$/);
  const thread = new ThreadPage(page);
  await expect(thread.title).toHaveText(title);
  await expect(thread.posts.first()).toHaveAttribute('data-status', 'sending');
  await expect(thread.posts.first()).toContainText('Waiting to send');

  const admin = await serviceClient(baseURL!);
  const onServer = async () => (await admin.from('threads').select('id, posts(id)').eq('title', title)).data ?? [];
  expect(await onServer()).toEqual([]);

  await context.setOffline(false);
  await expect(thread.posts.first()).toHaveAttribute('data-status', 'sent', { timeout: 15_000 });
  await expect(compose.toast('Thread created successfully!')).toBeVisible();
  await expect.poll(async () => (await onServer()).map((t) => (t.posts as unknown[]).length)).toEqual([1]);
  // A reload does not send it again.
  await page.reload();
  await expect(thread.posts.first()).toHaveAttribute('data-status', 'sent');
  // Nothing waits in the outbox after the reload, so nothing can be sent a second time.
  await expect.poll(() => outboxSize(page)).toBe(0);
  expect((await onServer()).length).toBe(1);
});
