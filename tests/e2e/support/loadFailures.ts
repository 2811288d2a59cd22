// The steps shared by the desktop and phone checks of load failures: /rest/v1 answers 500 (the failure under test,
// standing in for a broken server), and home, a category and a thread each say so in the spec's words.
import { expect, type Page } from '@playwright/test';

/** The first page the local stack writes into the root, and its rows' script right after it. */
const WRITTEN_PAGE = /<div id="root">[\s\S]*?<\/div><script id="first-rows" type="application\/json">[^<]*<\/script>/;

export async function checkLoadFailures(
  page: Page,
  threadSlug: string,
  shoot: (page: Page, name: string) => Promise<void>,
) {
  await page.route('**/rest/v1/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"internal error"}' }),
  );
  // A broken server's HTML carries no first page either: its read fails as the REST reads do, and it serves the
  // page as built (supabase/local/web/firstPage.ts).
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(WRITTEN_PAGE, '<div id="root"></div>');
    return route.fulfill({ response, body });
  });

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
