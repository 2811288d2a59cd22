// A connection that drops before the code loaded after the first paint has come: the code's requests are refused as
// a dropped connection refuses them, then, once they have been and the page has asked for nothing else for a second,
// the browser goes offline. Only that code is missing: a chunk the start asks for while the browser is offline fails
// too, and the browser keeps that failure, which loads the page anew once it is back online (loadAgainWhenOnline).
import { expect, type Page } from './test.ts';

/** The page's requests go quiet: its start's lazy code has come, or been refused. */
const QUIET_MS = 1_000;

/** Runs `open` with the code matching `code` refused, and goes offline once at least `atLeast` loads of it were. */
export async function offlineBeforeCode(page: Page, code: RegExp, atLeast: number, open: () => Promise<void>) {
  let refused = 0;
  let lastRequestAt = Date.now();
  const heard = () => void (lastRequestAt = Date.now());
  page.on('request', heard);
  await page.route(code, (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  await open();
  await expect.poll(() => refused).toBeGreaterThanOrEqual(atLeast);
  await expect.poll(() => Date.now() - lastRequestAt, { intervals: [250] }).toBeGreaterThanOrEqual(QUIET_MS);
  page.off('request', heard);
  await page.context().setOffline(true);
  await page.unroute(code);
}
