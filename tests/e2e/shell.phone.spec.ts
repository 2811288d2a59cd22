// The phone shell at 390x844: the navigation drawer, screenshots and axe scans.
import { expect, test } from './support/test.ts';
import { AuthPage } from './pages/AuthPage.ts';
import { Shell } from './pages/Shell.ts';
import { MEMBER } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { ENTRY_CODE, expectNotStarted, holdAppStart } from './support/holdAppStart.ts';
import { appStarted } from './support/appStarted.ts';

test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

test('the drawer opens and closes at 390x844', async ({ page }) => {
  await page.goto('/');
  const shell = new Shell(page);
  await expect(shell.sidebar).toBeHidden();
  await shell.drawerButton.click();
  await expect(shell.drawer).toBeVisible();
  await shell.drawer.getByRole('button', { name: 'Close navigation' }).click();
  await expect(shell.drawer).toBeHidden();

  await shell.drawerButton.click();
  await page.keyboard.press('Escape');
  await expect(shell.drawer).toBeHidden();

  await shell.drawerButton.click();
  await shell.drawer.getByRole('link', { name: 'Groups' }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(shell.drawer).toBeHidden();
});

test('a tap on the drawer button before the app has started opens the drawer once it has', async ({ page }) => {
  // Before the app's first line has run: a slow phone shows the server's page seconds before the code arrives.
  const start = await holdAppStart(page, ENTRY_CODE);
  // Not waiting for the page's load, which waits for the held code.
  await page.goto('/', { waitUntil: 'commit' });
  await expectNotStarted(page);
  const shell = new Shell(page);
  await shell.drawerButton.click();

  start();
  await appStarted(page);
  await expect(shell.drawer).toBeVisible();
});

test('screenshots at 390x844: home, auth and the signed-in shell, with nothing wider than the screen', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/phone-home.png' });
  await new AuthPage(page).open();
  await page.screenshot({ path: 'test-results/screens/phone-auth.png' });
  await new AuthPage(page).signIn(MEMBER.email, MEMBER.password);
  const shell = new Shell(page);
  await shell.expectSignedIn();
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await page.screenshot({ path: 'test-results/screens/phone-shell-signed-in.png' });
  await shell.drawerButton.click();
  await expect.poll(async () => (await shell.drawer.boundingBox())?.x).toBe(0);
  await page.screenshot({ path: 'test-results/screens/phone-drawer.png' });
});

test('axe finds no serious or critical violation on the phone layout', async ({ page }) => {
  for (const path of ['/', '/auth', '/reset-password']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, path);
  }
  await page.goto('/');
  await new Shell(page).drawerButton.click();
  await expectNoSeriousA11yViolations(page, 'drawer');
});
