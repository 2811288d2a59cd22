// Home, sign-in, lists and search as a newcomer met them: no sign-up button for members, no stale sign-in error,
// lined-up stat columns, cards filling the row with the sidebar collapsed, snippets as text, and offline: a banner
// that says so and the member's own name kept across a reload.
import { expect, test, type Page } from './support/test.ts';
import { AuthPage } from './pages/AuthPage.ts';
import { Shell } from './pages/Shell.ts';
import { MEMBER } from './support/accounts.ts';
import { DESKTOP, screen } from './support/screens.ts';

test.use({ viewport: DESKTOP, serviceWorkers: 'allow' });

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a wrong password then the right one: only Welcome back! remains, and home has no Signup here', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Signup here' })).toBeVisible();
  const auth = new AuthPage(page);
  await auth.open();
  await auth.signIn(MEMBER.email, 'not-the-password');
  await expect(toast(page, /Failed to sign in|Invalid login/)).toBeVisible();
  await auth.signIn(MEMBER.email, MEMBER.password);
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(toast(page, /Failed to sign in|Invalid login/)).toHaveCount(0);
  await screen(page, 'signin-welcome');
  await new Shell(page).expectSignedIn();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start a Discussion' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Signup here' })).toHaveCount(0);
  await screen(page, 'home-member');
});

test('with the sidebar collapsed at 1280 px, the three category cards fill the row', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByTestId('category-card');
  await expect(cards).toHaveCount(3);
  await new Shell(page).collapseButton.click();
  await expect(new Shell(page).expandButton).toBeVisible();
  // The row widens as the sidebar folds: both boxes are measured in each poll, once the layout has settled.
  const rightEdge = async (box: Promise<{ x: number; width: number } | null>) => {
    const { x, width } = (await box)!;
    return x + width;
  };
  await expect
    .poll(
      async () =>
        (await rightEdge(cards.first().locator('..').boundingBox())) - (await rightEdge(cards.last().boundingBox())),
    )
    .toBeLessThan(2);
  await screen(page, 'home-collapsed');
});

test('thread list stat columns line up whatever the values', async ({ page }) => {
  // Seeded threads only, whatever other tests have added: a recent one ("12h") and older ones ("Nov 22, 2026").
  await page.goto('/threads?q=forum');
  const rows = page.getByTestId('thread-row');
  await expect(rows.nth(2)).toBeVisible();
  const columns = await rows.evaluateAll((all) =>
    all.map((row) =>
      [...row.querySelectorAll('dl > div')].map((cell) => Math.round(cell.getBoundingClientRect().left)),
    ),
  );
  const lastReplies = await rows.locator('dl > div:last-child dd').allTextContents();
  expect(new Set(lastReplies.map((t) => /\d{4}/.test(t))).size).toBe(2);
  for (const cells of columns) expect(cells).toEqual(columns[0]);
  await screen(page, 'category-columns');
});

test('search snippets show the words, not the markdown', async ({ page }) => {
  await page.goto('/search?q=wallet%20beta');
  const snippets = page.getByTestId('search-thread').locator('p:has(mark)');
  await expect(snippets.first()).toBeVisible();
  for (const text of await snippets.allTextContents()) expect(text).not.toMatch(/\*\*|`|\]\(/);
  // The whole file name: Postgres reads `peers.dat` as one word, so the server finds it only so, and on a server
  // full of earlier specs' threads the seeded reply may not be in the mirror.
  await page.goto('/search?q=peers.dat');
  await expect(snippets.filter({ hasText: 'peers.dat' }).first()).toBeVisible();
  for (const text of await snippets.allTextContents()) expect(text).not.toMatch(/\*\*|`|\]\(/);
  await screen(page, 'search-snippets');
});

test('offline, a banner says "You are offline" and a reload keeps the display name', async ({ page, context }) => {
  await new AuthPage(page).open();
  await new AuthPage(page).signIn(MEMBER.email, MEMBER.password);
  const shell = new Shell(page);
  await expect(shell.userMenuButton).toHaveAccessibleName(/Guap Member/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto('/');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
  await expect(page.getByTestId('sync-indicator')).toContainText('Offline');
  await expect(shell.userMenuButton).toHaveAccessibleName(/Guap Member/);
  await screen(page, 'offline-home');
  await context.setOffline(false);
});
