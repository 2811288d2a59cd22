// Live updates between two browsers: another member's reply shows on an open thread, and a private
// message on the recipient's badge and bell, with no reload and no focus change. The app's interval pull is a minute
// (five while the socket is up), so a change that shows within these waits came by a poke. The reader waits at the
// thread's end, where a new reply is: the thread the suite replies to grows past its first page.
import { expect, test, type Browser, type Page } from './support/test.ts';
import { SEEDED, serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { ADMIN } from './support/accounts.ts';
import { newMember } from './support/newMember.ts';
import { signInQuickly } from './support/signIn.ts';
import { offlineBeforeCode } from './support/codeRefused.ts';
import { appStarted } from './support/appStarted.ts';

const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';
/** Well under the interval pull: what shows within it was poked. */
const LIVE_WAIT_MS = 30_000;

/**
 * Counts the page's reloads and moves to another address, and its focus events, from now on: a live update needs
 * none. The router writing its state into the history entry at the same address, as the app starts on the server's
 * page, is neither.
 */
async function watchForReloads(page: Page) {
  let navigations = 0;
  const address = page.url();
  page.on('domcontentloaded', () => (navigations += 1));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url() !== address) navigations += 1;
  });
  await page.evaluate(() => {
    const counts = { focus: 0 };
    (window as unknown as { liveCounts: typeof counts }).liveCounts = counts;
    window.addEventListener('focus', () => (counts.focus += 1), true);
  });
  return async () => ({
    navigations,
    focus: await page.evaluate(() => (window as unknown as { liveCounts: { focus: number } }).liveCounts.focus),
  });
}

/** The admin, in a browser of their own, replies to the short thread; resolves once the server holds each reply. */
async function replyAsAdmin(browser: Browser, texts: string[]) {
  const context = await browser.newContext();
  try {
    const writerPage = await context.newPage();
    await signInQuickly(writerPage, ADMIN);
    const writer = new ThreadPage(writerPage);
    await writer.open(SEEDED.short);
    for (const text of texts) {
      await writer.reply(text);
      // Sent, not only shown as waiting: the writer's tab closes next, and the server holds the reply then. At the
      // thread's end: the posts the first pull brought while the writer typed can push the reply form down.
      await writer.scrollToEndFor(writer.post(text), LIVE_WAIT_MS);
      await expect(writer.post(text)).toHaveAttribute('data-status', 'sent', { timeout: LIVE_WAIT_MS });
    }
  } finally {
    await context.close();
  }
}

test('a reply shows on another reader’s open thread with no reload and no focus change', async ({ page, browser }) => {
  const reader = new ThreadPage(page);
  await reader.open(SEEDED.short);
  const seen = await watchForReloads(page);

  const text = `Live reply ${Date.now()}`;
  await replyAsAdmin(browser, [text]);

  await reader.scrollToEndFor(reader.post(text), LIVE_WAIT_MS);
  expect(await seen()).toEqual({ navigations: 0, focus: 0 });
});

test('the live socket is opened off the page’s thread, in a worker, and its pokes still reach the page', async ({
  page,
  browser,
}) => {
  // Every socket the page's own thread opens, from the first byte.
  await page.addInitScript(() => {
    const opened: string[] = [];
    (window as unknown as { pageSockets: string[] }).pageSockets = opened;
    window.WebSocket = new Proxy(window.WebSocket, {
      construct(target, args: ConstructorParameters<typeof WebSocket>) {
        opened.push(String(args[0]));
        return new target(...args);
      },
    });
  });
  const reader = new ThreadPage(page);
  await reader.open(SEEDED.short);
  await expect.poll(() => page.workers().some((worker) => /\/liveWorker-[^/]+\.js$/.test(worker.url()))).toBe(true);

  const text = `Live reply to a worker's socket ${Date.now()}`;
  await replyAsAdmin(browser, [text]);

  await reader.scrollToEndFor(reader.post(text), LIVE_WAIT_MS);
  expect(await page.evaluate(() => (window as unknown as { pageSockets: string[] }).pageSockets)).toEqual([]);
});

test('a private message updates the recipient’s unread badge and bell, live', async ({ page, baseURL }) => {
  const account = await newMember(page, page.request, 'live');
  await page.goto('/');
  const bell = page.getByTestId('notifications-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  const seen = await watchForReloads(page);

  const service = await serviceClient(baseURL!);
  const { data: profile } = await service.from('profiles').select('id').eq('username', account.username).single();
  const { error } = await service.from('messages').insert({
    sender_id: ADMIN_ID,
    recipient_id: profile!.id,
    subject: 'Live message',
    content: 'This should reach you without a reload.',
  });
  expect(error).toBeNull();

  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: LIVE_WAIT_MS });
  const messages = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });
  await expect(messages.getByLabel('1 unread')).toBeVisible({ timeout: LIVE_WAIT_MS });
  expect(await seen()).toEqual({ navigations: 0, focus: 0 });
});

test('a reply written while a reader was offline shows once they are back, with nothing missed', async ({
  page,
  browser,
}) => {
  const reader = new ThreadPage(page);
  await reader.open(SEEDED.short);
  await page.context().setOffline(true);

  const texts = [`Offline reader, first ${Date.now()}`, `Offline reader, second ${Date.now()}`];
  await replyAsAdmin(browser, texts);

  await page.context().setOffline(false);
  for (const text of texts) await reader.scrollToEndFor(reader.post(text), LIVE_WAIT_MS);
});

test('a reader whose sync code could not load at the start (offline) gets the replies once back online', async ({
  page,
  browser,
}) => {
  // The engine's modules that load after the first paint fail, as they do when the connection drops before them.
  const reader = new ThreadPage(page);
  const lazySync = /\/assets\/(network|pendingRows|mirrorReset)-[^/]+\.js$/;
  await offlineBeforeCode(page, lazySync, 3, () => reader.open(SEEDED.short));

  const text = `Reader without sync code ${Date.now()}`;
  await replyAsAdmin(browser, [text]);

  await page.context().setOffline(false);
  await reader.scrollToEndFor(reader.post(text), LIVE_WAIT_MS);
});

test('a visitor whose connection drops while the app starts gets the app, and the replies once back online', async ({
  page,
  browser,
}) => {
  // The connection goes when the header search's code is asked for: code the app's start waits for, after the paint.
  const startCode = /\/assets\/HeaderSearch-[^/]+\.js$/;
  await page.route(startCode, async (route) => {
    await route.abort('internetdisconnected');
    await page.context().setOffline(true);
    await page.unroute(startCode);
  });
  const reader = new ThreadPage(page);
  await reader.open(SEEDED.short);

  const text = `Reader whose app started offline ${Date.now()}`;
  await replyAsAdmin(browser, [text]);

  await page.context().setOffline(false);
  await reader.scrollToEndFor(reader.post(text), LIVE_WAIT_MS);
});

test('a visitor whose connection drops before supabase-js has loaded gets the replies once back online', async ({
  page,
  browser,
}) => {
  // The client's code is on its way when the connection goes, after the paint: the engine and the session need it.
  const clientCode = /\/assets\/client-[^/]+\.js$/;
  let drop: () => void = () => undefined;
  const dropped = new Promise<void>((resolve) => (drop = resolve));
  await page.route(clientCode, async (route) => {
    await dropped;
    await route.abort('internetdisconnected');
  });
  const reader = new ThreadPage(page);
  // The app's start waits for the client's code, held until the connection has gone.
  await reader.open(SEEDED.short, { started: false });
  // The rest of the start's code (its stages, preloaded beside the client's) has come; only supabase-js has not.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const arrived = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
        const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
        const renderStage = [...arrived].some((name) => /\/assets\/boot-renderApp-[^/]+\.js$/.test(name));
        return renderStage && links.every((link) => arrived.has(link.href));
      }),
    )
    .toBe(true);
  await page.context().setOffline(true);
  drop();
  await appStarted(page);
  await page.unroute(clientCode);

  const text = `Reader without supabase-js at the start ${Date.now()}`;
  await replyAsAdmin(browser, [text]);

  await page.context().setOffline(false);
  await reader.scrollToEndFor(reader.post(text), LIVE_WAIT_MS);
});

test('a reader whose live updates code could not load (offline) gets replies live once back online', async ({
  page,
  browser,
}) => {
  const reader = new ThreadPage(page);
  await offlineBeforeCode(page, /\/assets\/liveWorker-[^/]+\.js$/, 1, () => reader.open(SEEDED.short));
  await page.context().setOffline(false);
  const seen = await watchForReloads(page);

  // Written once the reader is back: the pull at reconnecting came before it, so only a poke brings it.
  const text = `Reader whose live code came late ${Date.now()}`;
  await replyAsAdmin(browser, [text]);

  await reader.scrollToEndFor(reader.post(text), LIVE_WAIT_MS);
  expect(await seen()).toEqual({ navigations: 0, focus: 0 });
});
