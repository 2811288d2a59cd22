// The outbox is sent from the sync worker: replies written offline go out from the worker once the member is back,
// each exactly once, and the page's own thread sends none of them.
import { expect, test, type Page, type Worker } from './support/test.ts';
import { SEEDED, serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { Shell } from './pages/Shell.ts';
import { DESKTOP } from './support/screens.ts';
import { storeSession } from './support/signIn.ts';

test.use({ viewport: DESKTOP });

const REPLIES = 5;

/** The tab's sync worker, once its first pull has started it. */
function syncWorker(page: Page): Worker | undefined {
  return page.workers().find((worker) => /pullWorker/.test(worker.url()));
}

/** Keeps every write (not a GET) a context makes to /rest/v1 from now on, as "METHOD path body". */
function recordWrites() {
  const writes: string[] = [];
  (globalThis as unknown as { restWrites: string[] }).restWrites = writes;
  const original = globalThis.fetch.bind(globalThis);
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (url.pathname.startsWith('/rest/v1/') && method !== 'GET' && method !== 'HEAD') {
      writes.push(`${method} ${url.pathname} ${typeof init?.body === 'string' ? init.body : ''}`);
    }
    return original(input, init);
  };
}

const recordedWrites = () => (globalThis as unknown as { restWrites: string[] }).restWrites;

test('replies written offline are sent from the sync worker, not the page, once each', async ({
  page,
  context,
  baseURL,
}) => {
  await storeSession(page, MEMBER);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.short);
  await new Shell(page).expectSignedIn();
  await expect.poll(() => syncWorker(page) !== undefined, { timeout: 30_000 }).toBe(true);
  const worker = syncWorker(page)!;
  await page.evaluate(recordWrites);
  await worker.evaluate(recordWrites);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  const stamp = Date.now().toString(36);
  const texts = Array.from({ length: REPLIES }, (_, i) => `Sent by the worker ${i + 1} ${stamp}`);
  for (const text of texts) {
    await thread.reply(text);
    await expect(thread.post(text)).toContainText('Waiting to send');
  }
  await context.setOffline(false);
  for (const text of texts) {
    await expect(thread.post(text)).toHaveAttribute('data-status', 'sent', { timeout: 60_000 });
  }

  const fromWorker = (await worker.evaluate(recordedWrites)).filter((write) => write.startsWith('POST /rest/v1/posts'));
  // Every reply went out from the worker (a send cut off as the connection changed may go twice: the server takes one).
  expect(texts.filter((text) => !fromWorker.some((write) => write.includes(text)))).toEqual([]);
  const fromPage = await page.evaluate(recordedWrites);
  expect(fromPage.filter((write) => texts.some((text) => write.includes(text)))).toEqual([]);
  const service = await serviceClient(baseURL!);
  const { data } = await service.from('posts').select('content').like('content', `Sent by the worker % ${stamp}`);
  expect(data?.map((row: { content: string }) => row.content).sort()).toEqual([...texts].sort());
});
