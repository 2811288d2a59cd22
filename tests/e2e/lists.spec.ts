// Category pages and /threads, read from the mirror: headings, subcategory chips, sorts with pinned first, pages.
import { expect, test } from './support/test.ts';
import { CategoryPage } from './pages/CategoryPage.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';

const nonIncreasing = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! >= v);

test('a category page has its heading, pinned threads first, the AD tag and the rows the spec lists', async ({
  page,
}) => {
  const category = new CategoryPage(page);
  await category.open('guapcoin');
  await expect(category.heading).toHaveText('Guapcoin Discussions');
  await expect(category.rows).toHaveCount(13);
  expect((await category.pins()).slice(0, 3)).toEqual([true, true, false]);
  // Pinned first, newest first among them.
  expect((await category.titles()).slice(0, 2)).toEqual([
    'Forum rules and code of conduct',
    'Welcome to the GuapCoin Forum: read this first',
  ]);

  const ad = category.row('[Sponsored] Hardware wallet bundle with native GUAPX support');
  await expect(ad.getByText('AD', { exact: true })).toBeVisible();
  await expect(ad).toContainText('guapadmin');
  await expect(ad.locator('.badge-admin')).toHaveText('Admin');
  await expect(ad).toContainText('GuapCoin General');
  await expect(ad.getByTestId('reply-count')).toHaveText('1');
  await expect(ad.getByText('Last reply')).toBeVisible();
  await expect(category.row('Forum rules and code of conduct').locator('.badge-mod')).toHaveText('Mod');

  // Signed out: the way to post is to sign in.
  await expect(page.getByRole('link', { name: 'Sign in to post' })).toHaveAttribute('href', '/auth');
  await expectNoSeriousA11yViolations(page, 'category');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/category-desktop.png', fullPage: true });
});

test('the other types have their headings, and an unknown type is the empty Forum', async ({ page }) => {
  const category = new CategoryPage(page);
  await category.open('crypto');
  await expect(category.heading).toHaveText('Cryptocurrency');
  await expect(category.rows.first()).toBeVisible();
  await category.open('support');
  await expect(category.heading).toHaveText('Support & Help');
  await expect(category.rows).toHaveCount(7);
  await category.open('nonsense');
  await expect(category.heading).toHaveText('Forum');
  await expect(page.getByText('No threads in this category yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to start posting' })).toHaveAttribute('href', '/auth');
});

test('subcategory chips filter by ?cat=, and All clears the filter', async ({ page }) => {
  const category = new CategoryPage(page);
  await category.open('guapcoin');
  await expect(category.rows).toHaveCount(13);
  await category.chips.filter({ hasText: 'Mining & Staking' }).click();
  await expect(page).toHaveURL(/\/category\/guapcoin\?cat=mining-staking$/);
  await expect(category.rows).toHaveCount(3);
  for (const row of await category.rows.all()) await expect(row).toContainText('Mining & Staking');
  await expect(category.chips.filter({ hasText: 'Mining & Staking' })).toHaveAttribute('aria-current', 'page');

  await category.chips.filter({ hasText: 'Announcements' }).click();
  await expect(category.rows).toHaveCount(2);
  expect(await category.pins()).toEqual([true, true]);

  await expect(category.chips.filter({ hasText: 'Mining & Staking' })).not.toHaveAttribute('aria-current');
  await category.chips.getByText('All', { exact: true }).click();
  await expect(page).toHaveURL(/\/category\/guapcoin$/);
  await expect(category.rows).toHaveCount(13);
});

test('Most Popular and Most Replies keep pinned threads first, then order by views or replies', async ({ page }) => {
  const category = new CategoryPage(page);
  await category.open('guapcoin');
  await expect(category.rows).toHaveCount(13);

  await category.sortBy('Most Replies');
  await expect(page).toHaveURL(/sort=replies/);
  await expect(category.sort.locator('option:checked')).toHaveText('Most Replies');
  // Pinned first in both orders: the rows are read until the new order shows, not just the pins.
  await expect
    .poll(async () => [
      (await category.pins()).slice(0, 3),
      nonIncreasing((await category.numbers('reply-count')).slice(2)),
    ])
    .toEqual([[true, true, false], true]);

  await category.sortBy('Most Popular');
  await expect(page).toHaveURL(/sort=popular/);
  await expect
    .poll(async () => [
      (await category.pins()).slice(0, 3),
      nonIncreasing((await category.numbers('view-count')).slice(2)),
    ])
    .toEqual([[true, true, false], true]);

  // The sort survives a subcategory change and a reload.
  await category.chips.filter({ hasText: 'Wallets & Nodes' }).click();
  await expect(page).toHaveURL(/cat=wallets-nodes/);
  await expect(page).toHaveURL(/sort=popular/);
  await page.reload();
  await expect(category.rows).toHaveCount(3);
  expect(nonIncreasing(await category.numbers('view-count'))).toBe(true);
});

test('/threads lists every thread newest first, 20 to a page', async ({ page }) => {
  const list = new CategoryPage(page);
  await page.goto('/threads');
  await expect(list.heading).toHaveText('All Threads');
  await expect(list.rows).toHaveCount(20);
  await expect(list.pageStatus).toHaveText('Page 1 of 2');
  const first = await list.titles();
  expect(first[0]).toBe('The offline mode is great on the train');
  // Pinned threads take no precedence here: the month-old welcome thread is not on the first page.
  expect(first).not.toContain('Welcome to the GuapCoin Forum: read this first');

  await page.getByRole('link', { name: 'Next →' }).click();
  await expect(page).toHaveURL(/\/threads\?page=2$/);
  await expect(list.rows).toHaveCount(10);
  await expect(list.pageStatus).toHaveText('Page 2 of 2');
  const second = await list.titles();
  expect(second.at(-1)).toBe('Welcome to the GuapCoin Forum: read this first');
  expect(second.filter((t) => first.includes(t))).toEqual([]);

  await page.getByRole('link', { name: '← Previous' }).click();
  await expect(page).toHaveURL(/\/threads$/);
  await expect(list.rows).toHaveCount(20);
});

test('/threads?q= keeps the threads whose title holds the text', async ({ page }) => {
  const list = new CategoryPage(page);
  await page.goto('/threads?q=wallet');
  await expect(list.heading).toHaveText('Threads matching “wallet”');
  await expect(list.rows.first()).toBeVisible();
  for (const title of await list.titles()) expect(title.toLowerCase()).toContain('wallet');
});
