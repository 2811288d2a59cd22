// The home page read from the mirror: hero buttons, category cards per type and the 10 latest threads.
import { expect, test } from './support/test.ts';
import { HomePage } from './pages/HomePage.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';

test('the home page shows a card per category type and the 10 latest threads from the mirror', async ({ page }) => {
  const home = new HomePage(page);
  await home.open();

  await expect(page.getByRole('heading', { name: 'Welcome to the GuapCoin Forum' })).toBeVisible();
  await expect(home.threadRows).toHaveCount(10);
  await expect(home.categoryCards).toHaveCount(3);
  const hrefs = await home.categoryCards.evaluateAll((cards) => cards.map((c) => c.getAttribute('href')));
  expect(hrefs).toEqual(['/category/guapcoin', '/category/crypto', '/category/support']);
  await expect(home.categoryCards.first()).toContainText('Guapcoin Discussions');

  // Newest first: the seed's newest thread heads the list, and every title links to /t/{slug}.
  await expect(home.threadRows.first().getByRole('link')).toHaveText('The offline mode is great on the train');
  await expect(home.threadRows.first().getByRole('link')).toHaveAttribute('href', '/t/offline-mode-is-great');
  const row = home.row('Fake "support" accounts in your messages');
  await expect(row).toContainText('guapadmin');
  await expect(row.locator('.badge-admin')).toHaveText('Admin');
  await expect(row).toContainText('Security & Scams');
  await expect(row).toContainText('2 replies');
  await expect(home.row('Forum feedback: dark mode and the mobile layout')).toContainText('3 replies');

  // The rows come from the IndexedDB mirror, which holds at least what the page shows.
  const mirrored = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('guap-mirror');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('threads').objectStore('threads').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(mirrored).toBeGreaterThanOrEqual(10);

  await expectNoSeriousA11yViolations(page, 'home');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/home-desktop.png', fullPage: true });
});

test('the Start a Discussion, Signup and View All links lead where the spec says', async ({ page }) => {
  const home = new HomePage(page);
  await home.open();
  await expect(page.getByRole('link', { name: 'Start a Discussion' })).toHaveAttribute('href', '/create-thread');
  await expect(page.getByRole('link', { name: 'Signup here' })).toHaveAttribute('href', '/auth?register=true');
  await expect(home.viewAll).toHaveAttribute('href', '/threads');
  await home.viewAll.click();
  await expect(page).toHaveURL(/\/threads$/);
  await expect(page.getByRole('heading', { name: 'All Threads' })).toBeVisible();
});
