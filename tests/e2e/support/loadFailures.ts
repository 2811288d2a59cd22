// The steps shared by the desktop and phone checks of load failures: /rest/v1 answers 500 (the failure under test,
// standing in for a broken server), and home, a category and a thread each say so in the spec's words.
import { expect, type Page } from '@playwright/test';

export async function checkLoadFailures(
  page: Page,
  threadSlug: string,
  shoot: (page: Page, name: string) => Promise<void>,
) {
  await page.route('**/rest/v1/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"internal error"}' }),
  );

  await page.goto('/category/guapcoin');
  await expect(page.getByText('Failed to load threads')).toBeVisible();
  await expect(page.getByText('Please try refreshing the page')).toBeVisible();
  await expect(page.getByText('No threads in this category yet.')).toHaveCount(0);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await shoot(page, 'failure-category');

  await page.goto(`/t/${threadSlug}`);
  await expect(page.getByRole('heading', { name: 'Thread Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
  await expect(page.getByText(/You are offline/)).toHaveCount(0);
  await shoot(page, 'failure-thread');

  await page.goto('/');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load categories' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load threads' })).toBeVisible();
  await expect(page.getByText(/No categories yet/)).toHaveCount(0);
  await shoot(page, 'failure-home');
}
