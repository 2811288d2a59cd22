// A connection that drops before the code loaded after the first paint has come: the code's requests are refused as
// a dropped connection refuses them, then, once they have been, the browser goes offline.
import { expect, type Page } from './test.ts';

/** Runs `open` with the code matching `code` refused, and goes offline once at least `atLeast` loads of it were. */
export async function offlineBeforeCode(page: Page, code: RegExp, atLeast: number, open: () => Promise<void>) {
  let refused = 0;
  await page.route(code, (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  await open();
  await expect.poll(() => refused).toBeGreaterThanOrEqual(atLeast);
  await page.context().setOffline(true);
  await page.unroute(code);
}
