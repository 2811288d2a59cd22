// The header search: instant results from the mirror, Enter for every result merged with the server's, keyboard
// navigation, and the same search offline on what the mirror holds.
import { expect, test } from './support/test.ts';
import { SearchPage } from './pages/SearchPage.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNotStarted, holdAppStart } from './support/holdAppStart.ts';
import { appStarted } from './support/appStarted.ts';

const MASTERNODE = 'Masternode setup guide (2026 edition)';
const RULES = 'Forum rules and code of conduct';

test('a word of an opening post finds its thread online and offline', async ({ page, context }) => {
  const search = new SearchPage(page);
  const rpcCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/rest/v1/rpc/search_forum') && rpcCalls.push(r.url()));
  await page.goto('/');

  // "collateral" is only in the masternode guide's opening post, not in its title: found in the mirrored posts.
  await search.type('collateral');
  await expect(search.dropdown).toBeVisible();
  await expect(search.threadOptions.filter({ hasText: MASTERNODE })).toBeVisible();
  await expect(search.threadOptions.first().locator('mark').first()).toHaveText('collateral');

  await search.box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=collateral$/);
  await expect(page.getByRole('heading', { name: 'Search results for “collateral”' })).toBeVisible();
  await expect(search.threadResult(MASTERNODE)).toBeVisible();
  await expect(search.threadResult(MASTERNODE).locator('mark').first()).toHaveText(/collateral/i);
  await expect(search.status).toHaveText('');
  expect(rpcCalls.length).toBeGreaterThan(0);
  const titles = await search.threadResults.getByRole('link').allTextContents();
  expect(new Set(titles).size).toBe(titles.length);

  await context.setOffline(true);
  // "shilling" is only in the forum rules' opening post.
  const callsBefore = rpcCalls.length;
  await search.submit('shilling');
  await expect(page).toHaveURL(/\/search\?q=shilling$/);
  await expect(search.status).toHaveText('You are offline: these results come from what this device holds.');
  await expect(search.threadResult(RULES)).toBeVisible();
  await expect(search.threadResult(RULES).locator('mark')).toHaveText('shilling');
  expect(rpcCalls.length).toBe(callsBefore);

  // The dropdown works offline too, and its thread opens the thread page.
  await search.type('collateral');
  await expect(search.threadOptions.filter({ hasText: MASTERNODE })).toBeVisible();
  await context.setOffline(false);
});

test('the dropdown is a keyboard-driven combobox: arrows pick, Enter opens, Escape closes', async ({ page }) => {
  const search = new SearchPage(page);
  await page.goto('/');
  await search.type('wallet');
  await expect(search.threadOptions.first()).toBeVisible();
  await expect(search.box).toHaveAttribute('aria-expanded', 'true');

  await search.box.press('ArrowDown');
  const first = search.threadOptions.first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(search.box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await search.box.press('ArrowUp');
  await expect(search.dropdown.getByRole('option', { name: /See all results for “wallet”/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await search.box.press('ArrowDown');
  const title = (await first.locator('span').first().textContent())!;
  await search.box.press('Enter');
  await expect(page).toHaveURL(/\/t\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await search.type('guapmod');
  await expect(search.memberOptions.filter({ hasText: '@guapmod' })).toBeVisible();
  await search.box.press('Escape');
  await expect(search.dropdown).toBeHidden();
  await expect(search.box).toHaveAttribute('aria-expanded', 'false');
  await search.box.press('Escape');
  await expect(search.box).toHaveValue('');
});

test('full results list threads by title and by post, and members, with an axe-clean page', async ({ page }) => {
  const search = new SearchPage(page);
  await page.goto('/');
  await search.submit('node');
  await expect(page).toHaveURL(/\/search\?q=node$/);
  await expect(search.threadResults.first()).toBeVisible();
  await expect(search.threadResult('How to run a full node on a Raspberry Pi 5')).toBeVisible();
  await expect(search.memberResults.filter({ hasText: '@node_runner' })).toBeVisible();
  await expect(search.status).toHaveText('');
  await expectNoSeriousA11yViolations(page, 'search results');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/search-desktop.png', fullPage: true });

  await search.type('staking');
  await expect(search.threadOptions.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'search dropdown');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/search-dropdown-desktop.png' });
});

test('markup typed into a search is shown as text', async ({ page }) => {
  const search = new SearchPage(page);
  await page.goto('/');
  let dialog = false;
  page.on('dialog', (d) => {
    dialog = true;
    void d.dismiss();
  });
  await search.submit('<img src=x onerror=alert(1)>');
  await expect(page.getByRole('heading', { name: /Search results for/ })).toContainText('<img src=x onerror=alert(1)>');
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  expect(dialog).toBe(false);
});

test('words typed in the header search before the app has started are searched once it has', async ({ page }) => {
  const search = new SearchPage(page);
  const start = await holdAppStart(page);
  await page.goto('/');
  await expectNotStarted(page);
  await search.type('collateral');

  start();
  await appStarted(page);
  await expect(search.box).toHaveValue('collateral');
  await expect(search.threadOptions.filter({ hasText: MASTERNODE })).toBeVisible();
  await search.box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=collateral$/);
});

test('Enter in the header search before the app has started opens the full results', async ({ page }) => {
  const search = new SearchPage(page);
  const start = await holdAppStart(page);
  await page.goto('/');
  await expectNotStarted(page);
  await search.submit('collateral');

  await expect(page).toHaveURL(/\/search\?q=collateral$/);
  start();
  await expect(page.getByRole('heading', { name: 'Search results for “collateral”' })).toBeVisible();
  await expect(search.threadResult(MASTERNODE)).toBeVisible();
});
