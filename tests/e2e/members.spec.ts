// /members: the card grid by reputation, the search, a card opening its profile, and a moderator's role menu, with
// a role change refused by the server after it waited offline.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './support/test.ts';
import { AuthPage } from './pages/AuthPage.ts';
import { serviceClient } from './pages/ThreadPage.ts';
import { freshAccount, MODERATOR as MOD } from './support/accounts.ts';
import { newMember } from './support/newMember.ts';
import { DESKTOP, PHONE } from './support/screens.ts';

test.use({ viewport: DESKTOP });

const SCREENS = '/tmp/guap-screens/h-members';

const cards = (page: Page) => page.getByTestId('member-card');
const card = (page: Page, username: string) => cards(page).filter({ hasText: `@${username}` });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function shot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({ path: `${SCREENS}/${name}-${size?.width}x${size?.height}.png` });
}

test('the grid shows members by reputation, highest first, with their facts and no menu for a visitor', async ({
  page,
  baseURL,
}) => {
  // The server's figure: earlier specs on this server may have liked the admin's posts since the seed's 980.
  const { data: adminProfile } = await (
    await serviceClient(baseURL!)
  )
    .from('profiles')
    .select('reputation')
    .eq('username', 'guapadmin')
    .single()
    .throwOnError();
  await page.goto('/members');
  await expect(page.getByRole('heading', { name: 'Community Members' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  const names = await cards(page).locator('[class*="username"]').allTextContents();
  expect(names.slice(0, 3)).toEqual(['@guapadmin', '@guapmod', '@satoshi_nakamoney']);
  const admin = card(page, 'guapadmin');
  await expect(admin).toContainText('GuapCoin Admin');
  await expect(admin.getByText('Admin', { exact: true })).toBeVisible();
  await expect(admin).toContainText('Core team. Keeping the lights on');
  await expect(admin.getByRole('definition').nth(0)).toHaveText(adminProfile.reputation.toLocaleString('en-US'));
  await expect(admin.getByRole('definition').nth(1)).toHaveText(/^\d+$/);
  await expect(admin.getByRole('definition').nth(2)).toHaveText(/^\d+(mo|w|d) ago$/);
  await expect(card(page, 'guapmod').getByText('Moderator', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /role$/ })).toHaveCount(0);
  await shot(page, 'members');
  await page.setViewportSize(PHONE);
  await expect(cards(page).first()).toBeInViewport();
  await shot(page, 'members');
});

test('the search filters the cards as one types, and says when nobody matches', async ({ page }) => {
  await page.goto('/members');
  await expect(cards(page).first()).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search members' });
  await search.fill('queen');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('@hodl_queen');
  await search.fill('node run');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Node Runner');
  await shot(page, 'members-search');
  await search.fill('zzzz-nobody');
  await expect(page.getByText('No members found matching your search.')).toBeVisible();
  await search.fill('');
  await expect(card(page, 'guapadmin')).toBeVisible();
});

test("a card opens the member's profile", async ({ page }) => {
  await page.goto('/members');
  await card(page, 'satoshi_nakamoney').getByRole('link').click();
  await expect(page).toHaveURL(/\/profile\/a0000000-0000-4000-8000-000000000011$/);
});

test('a moderator promotes a user to moderator and is not offered admin', async ({ page }) => {
  const auth = new AuthPage(page);
  await auth.open();
  await auth.signIn(MOD.email, MOD.password);
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await page.goto('/members');
  await expect(card(page, 'guapadmin')).toBeVisible();
  // Nothing to change on their own card or on an admin's.
  await expect(card(page, 'guapmod').getByRole('button')).toHaveCount(0);
  await expect(card(page, 'guapadmin').getByRole('button')).toHaveCount(0);

  const runner = card(page, 'node_runner');
  await runner.getByRole('button', { name: "Change Node Runner's role" }).click();
  await expect(page.getByRole('menuitem', { name: 'Make Moderator' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Make Admin' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Make User' })).toHaveCount(0);
  await shot(page, 'members-role-menu');
  await page.getByRole('menuitem', { name: 'Make Moderator' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText("Are you sure you want to change this user's role to moderator?");
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(toast(page, 'User role updated successfully')).toBeVisible();
  await expect(runner.getByText('Moderator', { exact: true })).toBeVisible();

  // The server has it: a reload shows it, and a moderator's role is no longer this moderator's to change.
  await page.reload();
  await expect(card(page, 'node_runner').getByText('Moderator', { exact: true })).toBeVisible();
  await expect(card(page, 'node_runner').getByRole('button')).toHaveCount(0);
});

test('a role change made offline and refused on reconnect says why, and Retry sends it again', async ({
  page,
  context,
  baseURL,
}) => {
  const moderator = await newMember(page, page.request, 'staff');
  const service = await serviceClient(baseURL!);
  const setStaffRole = async (role: string) =>
    expect((await service.from('profiles').update({ role }).eq('username', moderator.username)).error).toBeNull();
  await setStaffRole('moderator');
  const target = freshAccount('target');
  const created = await service.auth.admin.createUser({
    email: target.email,
    password: target.password,
    email_confirm: true,
    user_metadata: { username: target.username, display_name: 'Refused Target' },
  });
  expect(created.error).toBeNull();

  await page.goto('/members');
  await page.getByPlaceholder('Search members…').fill(target.username);
  const targetCard = card(page, target.username);
  const menu = targetCard.getByRole('button', { name: "Change Refused Target's role" });
  await expect(menu).toBeVisible();

  await context.setOffline(true);
  await menu.click();
  await page.getByRole('menuitem', { name: 'Make Moderator' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Change role' }).click();
  await expect(toast(page, 'Saved, will send when online')).toBeVisible();
  await expect(targetCard).toContainText('Role change waiting to send');

  // Meanwhile the member lost their staff role: the database refuses the change when it arrives.
  await setStaffRole('user');
  await context.setOffline(false);
  await expect(toast(page, 'Failed to update user role')).toBeVisible();
  const refused = page.getByRole('group', { name: 'Role change not sent' });
  await expect(refused).toContainText("Refused Target's role change to Moderator was refused");
  await expect(targetCard).toContainText('Role change refused');
  await expect(targetCard.getByText('Moderator', { exact: true })).toHaveCount(0);
  await shot(page, 'members-role-refused');
  const serverRole = async () =>
    (await service.from('profiles').select('role').eq('username', target.username).single<{ role: string }>()).data
      ?.role;
  expect(await serverRole()).toBe('user');

  // Staff again, the member retries: the change lands and the notice goes.
  await setStaffRole('moderator');
  await refused.getByRole('button', { name: 'Retry' }).click();
  await expect(refused).toBeHidden();
  await expect(targetCard.getByText('Moderator', { exact: true })).toBeVisible();
  await expect.poll(serverRole).toBe('moderator');
});
