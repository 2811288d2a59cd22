// The API goes straight to the network: its requests never wake the service worker, so the sync engine's traffic
// cannot keep an old worker busy while a new version waits to take over.
import { expect, test } from './support/test.ts';
import { SCREENS_AHEAD_ID } from '../../src/data/screensAhead.ts';

test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });

test('a stopped service worker stays stopped for API requests, and starts for the app config it serves', async ({
  page,
  context,
}) => {
  // The app's requests in the worker's scope start it, as they should: the files of every screen, which the page
  // fetches one per idle period for a while after its start, would start it again just after the test stopped it
  // (it failed so in CI). Without their list the page asks for none.
  await context.addInitScript((id) => {
    new MutationObserver((_, observer) => {
      const list = document.getElementById(id);
      if (!list) return;
      list.remove();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, SCREENS_AHEAD_ID);
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const cdp = await context.newCDPSession(page);
  const statuses: string[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: { runningStatus: string }[] }) => {
    statuses.push(...versions.map((version) => version.runningStatus));
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await expect.poll(() => statuses.at(-1)).toBe('stopped');
  const seen = statuses.length;

  const answers = await page.evaluate(async () =>
    Promise.all(
      ['/rest/v1/categories?select=id', '/auth/v1/settings', '/functions/v1/none'].map(
        async (path) => (await fetch(path)).status,
      ),
    ),
  );
  expect(answers.every((status) => status > 0)).toBe(true);
  // The page is still controlled, yet none of those requests started the worker.
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(statuses.slice(seen)).not.toContain('starting');

  // The config is the worker's to serve (network first, cached for offline starts): it wakes the worker.
  await page.evaluate(async () => (await fetch('/local/v1/config')).status);
  await expect.poll(() => statuses.slice(seen)).toContain('running');
});
