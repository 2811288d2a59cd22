import { expect, test } from '@playwright/test';
import { HomePage } from './pages/HomePage.ts';

test('the home page shows the seeded categories and the 10 latest threads, read through supabase-js', async ({
  page,
}) => {
  const home = new HomePage(page);
  const restCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/rest/v1/') && restCalls.push(r.url()));
  await home.open();

  await expect(page.getByRole('heading', { name: 'Welcome to the GuapCoin Forum' })).toBeVisible();
  await expect(home.threadRows).toHaveCount(10);
  const hrefs = await home.categoryCards.evaluateAll((cards) => cards.map((c) => c.getAttribute('href')));
  for (const type of ['guapcoin', 'crypto', 'support']) {
    expect(hrefs.some((h) => h?.startsWith(`/category/${type}`))).toBe(true);
  }
  await expect(home.threadRows.first().locator('a')).toHaveAttribute('href', /^\/t\/[a-z0-9-]+$/);
  expect(restCalls.some((u) => u.includes('/rest/v1/threads'))).toBe(true);
  expect(restCalls.some((u) => u.includes('/rest/v1/categories'))).toBe(true);
  await page.screenshot({ path: 'test-results/home-desktop.png', fullPage: true });
});

test('the Start a Discussion and Signup buttons lead where the spec says', async ({ page }) => {
  await new HomePage(page).open();
  await expect(page.getByRole('link', { name: 'Start a Discussion' })).toHaveAttribute('href', '/create-thread');
  await expect(page.getByRole('link', { name: 'Signup here' })).toHaveAttribute('href', '/auth?register=true');
  await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/threads');
});
