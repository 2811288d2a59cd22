// A reply written with no connection: shown at once as waiting, kept across an offline reload (the service worker
// serves the app), and posted exactly once on reconnect, where another browser sees it.
import { expect, test } from './support/test.ts';
import { SEEDED, serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { outboxSize } from './support/mirror.ts';
import { backgroundSyncRefused, controlledByServiceWorker } from './support/serviceWorker.ts';
import { signInQuickly } from './support/signIn.ts';

test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });

test('an offline reply waits through a reload and is posted exactly once when back online', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // Only the page sends here (the service worker's sync is pwa.sync's): the browser fires a sync while the emulation
  // says offline, and a worker it starts for it sent the reply before the reload once in CI.
  await backgroundSyncRefused(context);
  await signInQuickly(page, MEMBER);
  // Load the forum: the service worker takes the page, and the thread is mirrored by opening it once.
  await controlledByServiceWorker(page);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.short);
  await page.goto('/');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('link', { name: 'GuapCoin', exact: true }).first().click();
  await expect(page).toHaveURL(/\/category\/guapcoin/);
  await page.goto(`/t/${SEEDED.short}`);
  await expect(thread.title).toHaveText(/offline mode/i);
  const text = `Written on the subway with no signal ${Date.now()}`;
  await thread.reply(text);
  const mine = thread.post(text);
  await expect(mine).toHaveAttribute('data-status', 'sending');
  await expect(mine).toContainText('Waiting to send');

  await page.reload();
  await expect(thread.post(text)).toHaveAttribute('data-status', 'sending');
  await expect(thread.post(text)).toContainText('Waiting to send');
  const service = await serviceClient(baseURL!);
  const onServer = async () => (await service.from('posts').select('id').eq('content', text)).data ?? [];
  expect(await onServer()).toEqual([]);

  await context.setOffline(false);
  await expect(thread.post(text)).toHaveAttribute('data-status', 'sent', { timeout: 15_000 });
  // The spec's toast, owed since the reply was saved offline, survives the reload.
  await expect(page.getByText('Reply posted successfully!')).toBeVisible();
  await expect(thread.post(text)).not.toContainText('Waiting to send');
  // The member's own reply, numbered when it was sent, is never "unread": no divider above it. (Other members' replies
  // in this shared thread, from specs before, may be.)
  const dividerAboveMine = page.locator('[data-testid="unread-divider"] + article').filter({ hasText: text });
  await expect(dividerAboveMine).toHaveCount(0);
  await expect.poll(async () => (await onServer()).length).toBe(1);
  await page.reload();
  await expect(thread.post(text)).toHaveAttribute('data-status', 'sent');
  await expect(dividerAboveMine).toHaveCount(0);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await thread.post(text).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/guap-screens/h-own-reply/thread-${viewport.width}x${viewport.height}.png` });
  }
  // Nothing waits in the outbox after the reload, so nothing can be sent a second time.
  await expect.poll(() => outboxSize(page)).toBe(0);
  expect((await onServer()).length).toBe(1);

  const other = await browser.newContext();
  const visitor = new ThreadPage(await other.newPage());
  await visitor.open(SEEDED.short);
  await expect(visitor.post(text)).toHaveCount(1);
  await other.close();
});
