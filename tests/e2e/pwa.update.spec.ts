// Updates: a new build waits until the member presses Update, and a write queued before it is still sent after.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './support/test.ts';
import { build } from 'vite';
import { E2E_JWT_SECRET } from '../../playwright.config.ts';
import { openMigratedPglite } from '../support/migratedDatabase.ts';
import { startStack, type Stack } from '../../supabase/local/server.ts';
import { AuthPage } from './pages/AuthPage.ts';
import { SEEDED, ThreadPage } from './pages/ThreadPage.ts';
import { Shell } from './pages/Shell.ts';
import { MEMBER } from './support/accounts.ts';
import { startConnectionCutter, type ConnectionCutter } from './support/connectionCutter.ts';

test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });

let stack: Stack;
/** The app is opened through it: the reply's posts die on the way, the service worker's too. */
let network: ConnectionCutter;
let served: string;
let versionB: string;
const cleanup: (() => Promise<unknown>)[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Version A is the build under test; version B is the same source with another version label.
  versionB = await mkdtemp(join(tmpdir(), 'guap-build-b-'));
  process.env.VITE_APP_VERSION = 'update-test-b';
  try {
    await build({ logLevel: 'error', build: { outDir: versionB, emptyOutDir: true } });
  } finally {
    delete process.env.VITE_APP_VERSION;
  }
  served = await mkdtemp(join(tmpdir(), 'guap-served-'));
  await cp(resolve('dist'), served, { recursive: true });
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-update-storage-'));
  const db = await openMigratedPglite('seeded');
  stack = await startStack({ db, jwtSecret: E2E_JWT_SECRET, storageDir, staticDir: served });
  network = await startConnectionCutter(stack.url);
  cleanup.push(
    () => network.close(),
    () => stack.close(),
    () => db.close(),
    ...[versionB, served, storageDir].map((dir) => () => rm(dir, { recursive: true, force: true })),
  );
});

test.afterAll(async () => {
  for (const step of cleanup) await step();
});

test('the Update toast switches to the new version, and a reply waiting in the outbox before it is still sent', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const url = (path: string) => `${network.url}${path}`;
  await page.goto(url('/auth'));
  await new AuthPage(page).signIn(MEMBER.email, MEMBER.password);
  await new Shell(page).expectSignedIn();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.goto(url('/settings'));
  await expect(page.getByTestId('app-version')).not.toContainText('update-test-b');

  const thread = new ThreadPage(page);
  await page.goto(url(`/t/${SEEDED.short}`));
  await expect(thread.title).toBeVisible();
  // Posts get no answer for now, from the page and from the service worker: the reply waits in the outbox through
  // the update.
  network.cut((req) => req.method === 'POST' && (req.url ?? '').startsWith('/rest/v1/posts'));
  const text = `Queued before the update ${Date.now()}`;
  await thread.reply(text);
  await expect(thread.post(text)).toHaveAttribute('data-status', 'sending');

  // Version B goes live on the server; the page learns of it when it checks for an update.
  await rm(served, { recursive: true, force: true });
  await cp(versionB, served, { recursive: true });
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await expect(page.getByText('A new version of the forum is ready.')).toBeVisible({ timeout: 20_000 });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Update' }).click();
  await reloaded;

  await page.goto(url('/settings'));
  await expect(page.getByTestId('app-version')).toContainText('update-test-b');
  await page.goto(url(`/t/${SEEDED.short}`));
  await expect(thread.post(text)).toHaveAttribute('data-status', 'sending');

  network.cut(null);
  await page.reload();
  await expect(thread.post(text)).toHaveAttribute('data-status', 'sent', { timeout: 15_000 });
  await expect(thread.post(text)).toHaveCount(1);
});
