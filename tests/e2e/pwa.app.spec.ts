// The installed app's extras: the unread notification count on the app icon, and the storage card in Settings.
import { expect, test } from './support/test.ts';
import { AuthPage } from './pages/AuthPage.ts';
import { Shell } from './pages/Shell.ts';
import { MEMBER } from './support/accounts.ts';

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeEach(async ({ page }) => {
  // Records what the app asks the Badging API, which draws on the OS icon where no test can look.
  await page.addInitScript(() => {
    const w = window as unknown as { __badges: number[] };
    w.__badges = [];
    Object.assign(navigator, {
      setAppBadge: async (n?: number) => void w.__badges.push(n ?? 0),
      clearAppBadge: async () => void w.__badges.push(0),
    });
  });
  await new AuthPage(page).open();
  await new AuthPage(page).signIn(MEMBER.email, MEMBER.password);
  await new Shell(page).expectSignedIn();
});

test("the app icon's badge shows the member's unread notification count, as the bell does", async ({ page }) => {
  const badges = () => page.evaluate(() => (window as unknown as { __badges: number[] }).__badges.at(-1));
  await expect.poll(badges, { timeout: 15_000 }).toBeGreaterThan(0);
  // The bell shows 99+ above 99 (SPEC §9); the icon's badge has the exact count.
  const count = (await badges())!;
  await expect(page.getByTestId('notifications-bell')).toHaveAccessibleName(
    `Notifications, ${count > 99 ? '99+' : String(count)} unread`,
  );
});

test('Settings shows the storage used and clears downloaded data, then the forum fills again', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Storage on this device' })).toBeVisible();
  await expect(page.getByTestId('storage-usage')).toHaveText(/^The forum uses [\d.]+ [KMG]B on this device\.$/);
  await expect(page.getByTestId('storage-detail')).toHaveText(
    /^That holds [\d,]+ threads and [\d,]+ posts, ready to read offline\./,
  );
  await page.getByRole('button', { name: 'Clear downloaded data' }).click();
  await expect(page.getByText('Downloaded data cleared')).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
});
