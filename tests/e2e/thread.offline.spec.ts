// A reply written with no connection: shown at once as waiting, kept across an offline reload (the service worker
// serves the app), and posted exactly once on reconnect, where another browser sees it.
import { expect, test } from './support/test.ts';
import { SEEDED, serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { explainFailure } from './support/explainFailure.ts';
import { outboxReplyWith, outboxSize } from './support/mirror.ts';
import { eachTestThroughCutter, isApiWrite } from './support/connectionCutter.ts';
import { backgroundSyncRefused, controlledByServiceWorker } from './support/serviceWorker.ts';
import { signInQuickly } from './support/signIn.ts';

test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });

/**
 * The app is opened through it, and while the test is offline it cuts every write on its way to the server, whoever
 * sends it: the offline emulation and routes can reach a worker the browser has just started after its first request.
 */
const network = eachTestThroughCutter();
test.use({ baseURL: network.baseURL });

test('an offline reply waits through a reload and is posted exactly once when back online', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  // Over 20 s on a quiet machine: two pages, a reload offline and a reconnect.
  test.setTimeout(120_000);
  /** The writes the cutter cut, by who sent them (the page, the sync worker, the service worker: their Referer). */
  const cutWrites: string[] = [];
  // Only the page sends here (the service worker's sync is pwa.sync's): the browser fires a sync while the emulation
  // says offline, and a worker it starts for it sent the reply before the reload once in CI. The cutter stops any
  // other write the emulation lets through.
  await backgroundSyncRefused(context);
  await signInQuickly(page, MEMBER);
  // Load the forum: the service worker takes the page, and the thread is mirrored by opening it once.
  await controlledByServiceWorker(page);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.short);
  await page.goto('/');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();

  const text = `Written on the subway with no signal ${Date.now()}`;
  const service = await serviceClient(baseURL!);
  const onServer = async () => (await service.from('posts').select('id').eq('content', text)).data ?? [];
  const mine = thread.post(text);
  // What a failed step saw: the connection the page believes in, the reply as shown, its outbox entry, the server,
  // the writes cut, and what the member was told.
  const seen = async () => ({
    online: await page.evaluate(() => navigator.onLine),
    shown: await mine.evaluateAll((posts) => posts.map((post) => post.getAttribute('data-status'))),
    outbox: await outboxReplyWith(page, text),
    onServer: (await onServer()).length,
    cutWrites,
    toasts: await page.locator('[data-sonner-toast]').allTextContents(),
  });

  await context.setOffline(true);
  network.cutter.cut(
    (req) => isApiWrite(req) && cutWrites.push(`${req.method} ${req.url} from ${req.headers.referer}`) > 0,
  );
  await page.getByRole('link', { name: 'GuapCoin', exact: true }).first().click();
  await expect(page).toHaveURL(/\/category\/guapcoin/);
  await page.goto(`/t/${SEEDED.short}`);
  await expect(thread.title).toHaveText(/offline mode/i);
  await thread.reply(text);
  await explainFailure('waiting once written', () => expect(mine).toHaveAttribute('data-status', 'sending'), seen);
  await expect(mine).toContainText('Waiting to send');

  await page.reload();
  // The thread opens at the first post not yet read, which may be far above the reply (other specs' replies).
  await explainFailure('the reply found after the reload', () => thread.scrollToEndFor(mine), seen);
  await explainFailure('waiting after the reload', () => expect(mine).toHaveAttribute('data-status', 'sending'), seen);
  await expect(mine).toContainText('Waiting to send');
  expect(await onServer(), 'on the server while offline').toEqual([]);

  network.cutter.cut(null);
  await context.setOffline(false);
  await explainFailure(
    'sent once back online',
    () => expect(mine).toHaveAttribute('data-status', 'sent', { timeout: 15_000 }),
    seen,
  );
  // The spec's toast, owed since the reply was saved offline, survives the reload.
  await expect(page.getByText('Reply posted successfully!')).toBeVisible();
  await expect(mine).not.toContainText('Waiting to send');
  // The member's own reply, numbered when it was sent, is never "unread": no divider above it. (Other members' replies
  // in this shared thread, from specs before, may be.)
  const dividerAboveMine = page.locator('[data-testid="unread-divider"] + article').filter({ hasText: text });
  await expect(dividerAboveMine).toHaveCount(0);
  await expect.poll(async () => (await onServer()).length).toBe(1);
  await page.reload();
  await explainFailure('the reply found after a reload online', () => thread.scrollToEndFor(mine), seen);
  await explainFailure('sent after a reload online', () => expect(mine).toHaveAttribute('data-status', 'sent'), seen);
  await expect(dividerAboveMine).toHaveCount(0);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await mine.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/guap-screens/h-own-reply/thread-${viewport.width}x${viewport.height}.png` });
  }
  // Nothing waits in the outbox after the reload, so nothing can be sent a second time.
  await expect.poll(() => outboxSize(page)).toBe(0);
  expect((await onServer()).length).toBe(1);

  const other = await browser.newContext();
  const visitor = new ThreadPage(await other.newPage());
  await visitor.open(SEEDED.short);
  await visitor.scrollToEndFor(visitor.post(text));
  await expect(visitor.post(text)).toHaveCount(1);
  await other.close();
});
