// The code the shell loads just after the first paint (here the header's instant search) may not arrive when the
// connection drops: the screen stays, with the search box as the first paint showed it, and the search comes once
// the connection is back.
import { expect, test } from './support/test.ts';
import { SEEDED, ThreadPage } from './pages/ThreadPage.ts';
import { SearchPage } from './pages/SearchPage.ts';
import { offlineBeforeCode } from './support/codeRefused.ts';

test('a reader whose search code could not load (offline) keeps the thread, and gets the search once back online', async ({
  page,
}) => {
  const reader = new ThreadPage(page);
  await offlineBeforeCode(page, /\/assets\/HeaderSearch-[^/]+\.js$/, 1, () => reader.open(SEEDED.short));

  const search = new SearchPage(page);
  const placeholder = page.getByRole('searchbox', { name: 'Search' });
  await expect(placeholder).toBeVisible();
  await expect(reader.title).toHaveText(/offline mode/i);
  await expect(reader.posts.first()).toBeVisible();
  await expect(page.getByText('Unexpected Application Error!')).toBeHidden();

  await page.context().setOffline(false);
  await expect(search.box).toBeEditable();
  await search.type('offline');
  await expect(search.threadOptions.first()).toBeVisible();
});
