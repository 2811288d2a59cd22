// A server that answers 500 on a fresh browser: each screen says the load failed, never "empty" or "offline".
import { expect, test } from './support/test.ts';
import { SEEDED } from './pages/ThreadPage.ts';
import { DESKTOP, screen } from './support/screens.ts';
import { checkLoadFailures } from './support/loadFailures.ts';

test.use({ viewport: DESKTOP });

test('with /rest/v1 failing, home, a category and a thread say the load failed', async ({ page }) => {
  await checkLoadFailures(page, SEEDED.short, screen);
  // Home's failures take the full width of the page, not a cramped grid column.
  const failure = page.getByRole('alert').filter({ hasText: 'Failed to load categories' });
  const main = page.getByRole('main');
  expect((await failure.boundingBox())!.width).toBeGreaterThan((await main.boundingBox())!.width * 0.6);
});
