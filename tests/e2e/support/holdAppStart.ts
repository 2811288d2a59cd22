// Holds a first page's app back from starting: the start waits for the header search's code, which is held until
// the returned function is called. What a visitor does on the server's page before the start can then be tried.
import { expect, type Page } from '@playwright/test';

const START_CODE = /\/assets\/HeaderSearch-[^/]+\.js$/;
/** The app's entry module: held, none of the app's own code has run on the page. */
export const ENTRY_CODE = /\/assets\/index-[^/]+\.js$/;

export async function holdAppStart(page: Page, code: RegExp = START_CODE): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Left in place once released: a request held then goes on, as does every later one.
  await page.route(code, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The page the server painted, with the app not started on it. */
export async function expectNotStarted(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'started');
}
