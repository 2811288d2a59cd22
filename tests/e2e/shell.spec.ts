// The desktop shell: sidebar collapse remembered, the search box, screenshots, and an axe scan of every screen.
import { expect, test, type Page } from './support/test.ts';
import { AuthPage } from './pages/AuthPage.ts';
import { Shell } from './pages/Shell.ts';
import { MEMBER } from './support/accounts.ts';
import { signInQuickly } from './support/signIn.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { appStarted } from './support/appStarted.ts';

test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });

const signIn = (page: Page, to = '/') => signInQuickly(page, MEMBER, to);

test('the sidebar collapses from 256 to 80 px at 1280x800 and stays collapsed after reload', async ({ page }) => {
  await page.goto('/');
  const shell = new Shell(page);
  await expect.poll(() => shell.sidebarWidth()).toBe(256);
  await shell.collapseButton.click();
  await expect.poll(() => shell.sidebarWidth()).toBe(80);
  await page.reload();
  await expect(shell.expandButton).toBeVisible();
  await expect.poll(() => shell.sidebarWidth()).toBe(80);
  // Collapsed, each link still has its name for screen readers and a tooltip on focus (its code loads with the rail).
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: 'Members' }).focus();
  await expect(page.getByRole('tooltip', { name: 'Members' })).toBeVisible();
  await shell.expandButton.click();
  await expect.poll(() => shell.sidebarWidth()).toBe(256);
});

test('the header has the spec search box and Sign In when signed out; the user menu closes on an outside click', async ({
  page,
}) => {
  await page.goto('/');
  const shell = new Shell(page);
  await expect(shell.search).toHaveAttribute('placeholder', 'Search threads, users, or topics...');
  await expect(shell.signInLink).toHaveAttribute('href', '/auth');
  await signIn(page);
  await shell.userMenuButton.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Bookmarks', 'Wallet', 'Settings', 'Sign Out']);
  await page.mouse.click(900, 600);
  await expect(menu).toBeHidden();
});

test('unknown addresses show the not-found page; groups are still to come, members are there', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/groups');
  await expect(page.getByText('Browse and manage your groups here.')).toBeVisible();
  await page.goto('/members');
  await expect(page.getByRole('heading', { name: 'Community Members' })).toBeVisible();
  await expect(page.getByText('Coming soon.')).toHaveCount(0);
});

test('moving between screens never hides the sidebar and header, even for a frame', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  // The app's own moves are checked: a link clicked on the server's page before the app starts loads a new page.
  await appStarted(page);
  // Every frame from the first click to the last screen, the sidebar and the header are checked.
  await page.evaluate(() => {
    const w = window as unknown as { __hidden: string[] };
    w.__hidden = [];
    const check = () => {
      for (const selector of ['nav', 'header']) {
        const element = document.querySelector<HTMLElement>(selector);
        if (!element || element.offsetParent === null) w.__hidden.push(`${selector} on ${location.pathname}`);
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  for (const [name, ready] of [
    ['Members', page.getByTestId('member-card').first()],
    ['Groups', page.getByRole('heading', { level: 1, name: 'Groups' })],
    ['Dashboard', page.getByTestId('thread-row').first()],
  ] as const) {
    await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
    await expect(ready).toBeVisible();
  }
  expect(await page.evaluate(() => (window as unknown as { __hidden: string[] }).__hidden)).toEqual([]);
});

test('screenshots at 1280x800: home, auth and the signed-in shell', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/desktop-home.png' });
  await new AuthPage(page).open();
  await page.screenshot({ path: 'test-results/screens/desktop-auth.png' });
  await signIn(page);
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await new Shell(page).userMenuButton.click();
  await page.screenshot({ path: 'test-results/screens/desktop-shell-signed-in.png' });
});

const PUBLIC_SCREENS = [
  '/',
  '/auth',
  '/auth?register=true',
  '/reset-password',
  '/threads',
  '/category/guapcoin',
  '/t/some-thread',
  '/groups',
  '/members',
  '/profile/00000000-0000-0000-0000-000000000000',
  '/no/such/page',
];
const MEMBER_SCREENS = [
  '/',
  '/create-thread',
  '/profile',
  '/wallet',
  '/settings',
  '/messages',
  '/moderation',
  '/reports',
  '/admin/bulk-create',
  '/simple-debug',
  '/test-auth',
  '/debug-profile',
  '/test-storage',
  '/check-storage',
  '/test-image-upload',
];

// axe takes seconds per screen on a busy machine: the scans of every screen get minutes, not the default 30 s.
test('axe finds no serious or critical violation on any screen, signed out', async ({ page }) => {
  test.setTimeout(180_000);
  for (const path of PUBLIC_SCREENS) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, path);
  }
});

test('axe finds no serious or critical violation on any screen, signed in', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  for (const path of MEMBER_SCREENS) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, path);
  }
});

test('the light theme follows the system setting and passes axe too', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'light' });
  for (const path of ['/', '/auth']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page, `${path} (light)`);
  }
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe('rgb(246, 247, 251)');
});
