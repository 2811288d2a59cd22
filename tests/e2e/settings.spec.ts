// /settings: the toggles save and survive a reload, wait offline with a marker until sent, and the Danger Zone
// deletes the account (the member cannot sign in again; their thread stays, by "Deleted member").
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { AuthPage } from './pages/AuthPage.ts';
import { SettingsPage } from './pages/SettingsPage.ts';
import { Shell } from './pages/Shell.ts';
import { serviceClient } from './pages/ThreadPage.ts';
import { ADMIN, MODERATOR } from './support/accounts.ts';
import { signInQuickly } from './support/signIn.ts';
import { newMember } from './support/newMember.ts';
import { DESKTOP, PHONE } from './support/screens.ts';

test.use({ viewport: DESKTOP });

/** A new member, confirmed through the mailbox and signed in; answers their account and id. */
async function memberWithId(page: Page, baseURL: string) {
  const account = await newMember(page, page.request, 'settings');
  const service = await serviceClient(baseURL);
  const { data } = await service
    .from('profiles')
    .select('id')
    .eq('username', account.username)
    .single<{ id: string }>();
  return { account, id: data!.id, service };
}

async function serverSettings(baseURL: string, id: string) {
  const service = await serviceClient(baseURL);
  const { data } = await service
    .from('profiles')
    .select('notification_preferences, privacy_settings')
    .eq('id', id)
    .single<{ notification_preferences: Record<string, boolean>; privacy_settings: Record<string, boolean> }>();
  return data!;
}

test('the toggles save with the spec toasts and survive a reload', async ({ page, baseURL }) => {
  const { id } = await memberWithId(page, baseURL!);
  const settings = new SettingsPage(page);
  await settings.open('Notifications');
  await expect(settings.switch('Email on mentions')).toBeChecked();
  await expect(settings.switch('Push notifications on this device')).not.toBeChecked();
  await settings.switch('Email on mentions').click();
  await expect(settings.toast('Notification settings saved')).toBeVisible();
  await settings.switch('Email on private messages').click();
  await expect
    .poll(async () => (await serverSettings(baseURL!, id)).notification_preferences)
    .toEqual({
      emailReplies: true,
      emailMentions: false,
      emailMessages: false,
      pushEnabled: false,
    });

  await settings.openTab('Privacy');
  await settings.switch('Show activity status').click();
  await expect(settings.toast('Privacy settings saved')).toBeVisible();
  await expect.poll(async () => (await serverSettings(baseURL!, id)).privacy_settings.showActivity).toBe(false);

  await page.reload();
  await settings.openTab('Notifications');
  await expect(settings.switch('Email on mentions')).not.toBeChecked();
  await expect(settings.switch('Email on private messages')).not.toBeChecked();
  await expect(settings.switch('Email on replies')).toBeChecked();
  await settings.openTab('Privacy');
  await expect(settings.switch('Show activity status')).not.toBeChecked();
  await expect(settings.switch('Show online status')).toBeChecked();
});

test('a toggle made offline waits with a marker, then is saved once back online', async ({
  page,
  context,
  baseURL,
}) => {
  const { id } = await memberWithId(page, baseURL!);
  const settings = new SettingsPage(page);
  await settings.open('Privacy');
  await expect(settings.switch('Allow private messages')).toBeChecked();
  await context.setOffline(true);
  await settings.switch('Allow private messages').click();
  await expect(settings.toast('Saved, will send when online')).toBeVisible();
  await expect(settings.switch('Allow private messages')).not.toBeChecked();
  await expect(settings.waiting).toBeVisible();
  await expect(settings.tab('Privacy')).toContainText('waiting to send');
  // Two more toggles while offline join the same waiting write.
  await settings.switch('Show online status').click();
  await settings.switch('Show online status').click();
  expect((await serverSettings(baseURL!, id)).privacy_settings.allowMessages).toBe(true);

  await context.setOffline(false);
  await expect(settings.toast('Privacy settings saved')).toBeVisible();
  await expect(settings.waiting).toBeHidden();
  await expect(settings.tab('Privacy')).not.toContainText('waiting to send');
  expect((await serverSettings(baseURL!, id)).privacy_settings).toEqual({
    showOnline: true,
    allowMessages: false,
    showActivity: true,
  });
  await page.reload();
  await settings.openTab('Privacy');
  await expect(settings.switch('Allow private messages')).not.toBeChecked();
});

test('Danger Zone deletes the account only after DELETE is typed; the member cannot sign in again and their thread stays', async ({
  page,
  context,
  baseURL,
}) => {
  const { account, id, service } = await memberWithId(page, baseURL!);
  const threadId = randomUUID();
  const { data: category } = await service.from('categories').select('id').limit(1).single<{ id: string }>();
  const slug = `leaving-soon-${threadId.slice(0, 8)}`;
  expect(
    (
      await service.from('threads').insert({
        id: threadId,
        slug,
        title: 'A thread that outlives its author',
        category_id: category!.id,
        author_id: id,
      })
    ).error,
  ).toBeNull();
  expect(
    (
      await service
        .from('posts')
        .insert({ thread_id: threadId, author_id: id, content: 'Still worth reading later.', type: 'thread' })
    ).error,
  ).toBeNull();

  const settings = new SettingsPage(page);
  await settings.open('Danger Zone');
  await expect(settings.deleteButton).toBeDisabled();
  await settings.confirmDelete.fill('delete');
  await expect(settings.deleteButton).toBeDisabled();
  await settings.confirmDelete.fill('DELETE ');
  await expect(settings.deleteButton).toBeDisabled();
  await settings.confirmDelete.fill('DELETE');
  await expect(settings.deleteButton).toBeEnabled();
  await context.setOffline(true);
  await expect(page.getByText('Deleting your account needs a connection.')).toBeVisible();
  await expect(settings.deleteButton).toBeDisabled();
  await context.setOffline(false);
  await expect(settings.deleteButton).toBeEnabled();

  await settings.deleteButton.click();
  await expect(settings.toast('Account deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(new Shell(page).signInLink).toBeVisible();

  const { data: thread } = await service.from('threads').select('author_id').eq('id', threadId).single();
  expect(thread).toEqual({ author_id: null });
  const { data: profile } = await service.from('profiles').select('id').eq('id', id);
  expect(profile).toEqual([]);

  const auth = new AuthPage(page);
  await auth.open();
  await auth.signIn(account.email, account.password);
  await expect(auth.formError).toContainText('Failed to sign in. Please check your credentials.');
  // The thread is still there to read, by "Deleted member".
  await page.goto(`/t/${slug}`);
  await expect(page.getByText('Still worth reading later.')).toBeVisible();
  await expect(page.getByRole('article').first()).toContainText('Deleted member');
});

/** Screenshots of every tab at both sizes, kept for a person to look at (the screen check). */
const SCREENS = join(tmpdir(), 'guap-screens', 'h-settings');
const TABS = ['General', 'Notifications', 'Privacy', 'Danger Zone'] as const;

const signIn = (page: Page, account: { email: string; password: string }) => signInQuickly(page, account);

test('every settings tab, for an admin, at 1280x800 and 390x844', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENS, { recursive: true });
  await signIn(page, ADMIN);
  const settings = new SettingsPage(page);
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await settings.open('General');
    await expect(page.getByRole('note')).toContainText('Administrator account');
    await expect(page.getByLabel('Email')).toHaveValue(ADMIN.email);
    for (const tab of TABS) {
      await settings.openTab(tab);
      if (tab === 'Notifications') await expect(settings.switch('Email on replies')).toBeVisible();
      if (tab === 'Privacy') await expect(settings.switch('Show online status')).toBeVisible();
      const name = `${tab.toLowerCase().replace(' ', '-')}-${size.width}x${size.height}.png`;
      // The tab just clicked keeps its keyboard focus ring out of the picture; a phone shows the whole page.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.screenshot({ path: join(SCREENS, name), fullPage: size === PHONE });
    }
  }
});

test('a moderator sees their role banner; a plain member sees none', async ({ page, baseURL }) => {
  mkdirSync(SCREENS, { recursive: true });
  await signIn(page, MODERATOR);
  const settings = new SettingsPage(page);
  await settings.open('General');
  await expect(page.getByRole('note')).toContainText('Moderator account');
  await expect(page.getByText('Email cannot be changed')).toBeVisible();
  await expect(page.getByText('Username can be changed in your profile')).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: join(SCREENS, 'general-moderator-1280x800.png') });
  await new Shell(page).signOut();
  await memberWithId(page, baseURL!);
  await settings.open('General');
  await expect(page.getByText('Email cannot be changed')).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
});
