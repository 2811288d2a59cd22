// Waits until the service worker controls the page. A test that goes offline before then meets a worker still
// installing, whose install fails with the connection, and an offline navigation that nothing answers.
import { expect, type Page } from '@playwright/test';

export async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
