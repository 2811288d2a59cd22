// Profiles: a new member edits their profile (the spec's validation messages, a username another member has), sees
// another member's profile with Send Message, and changes their avatar: a 3 MB file is refused with the spec's
// message, and a 4000x3000 PNG is shrunk on the device before upload, then shown on the profile, in a thread and on
// the member card.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { ProfilePage } from './pages/ProfilePage.ts';
import { SEEDED, ThreadPage } from './pages/ThreadPage.ts';
import { newMember } from './support/newMember.ts';
import { DESKTOP, PHONE } from './support/screens.ts';

test.use({ viewport: DESKTOP });

const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';
const SCREENS = join(tmpdir(), 'guap-screens', 'h-profile');

/** The screen at both sizes, scrolled to the top, or to `focus` when given. */
async function shoot(page: Page, name: string, focus?: Locator) {
  mkdirSync(SCREENS, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    if (focus) await focus.scrollIntoViewIfNeeded();
    else await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENS, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

test('edit the profile: the spec messages, a taken username refused by the database, then saved', async ({
  page,
  request,
}) => {
  const account = await newMember(page, request, 'editor');
  const profile = new ProfilePage(page);
  await profile.open();
  await expect(profile.title).toHaveText('My Profile');
  await expect(profile.summary).toContainText(`@${account.username}`);
  await expect(profile.summary).toContainText(account.email);
  await expect(profile.summary).toContainText(/Joined \w+ \d{4}/);
  await expect(profile.info).toContainText('Not set');
  await expect(profile.info).toContainText('No bio yet');
  await expect(profile.info).toContainText('Not connected');
  await shoot(page, 'profile-own-empty');

  await profile.edit({ Username: 'ab', 'Display Name': 'x'.repeat(51), Bio: 'x'.repeat(501) });
  await expect(profile.form).toContainText('Username must be at least 3 characters');
  await expect(profile.form).toContainText('Display name must be at most 50 characters');
  // Save sits below the fields: the first one with a problem is brought into view and focused.
  const usernameField = profile.form.getByLabel('Username', { exact: true });
  await expect(usernameField).toBeFocused();
  await expect(usernameField).toBeInViewport();
  await expect(profile.form).toContainText('Bio must be less than 500 characters');
  await shoot(page, 'profile-edit-form', profile.form);

  // Another member's username, in other letters' case: the database's unique index refuses it. On a phone, Save is a
  // screen below the username, which is brought back into view with its message, and focused.
  await page.setViewportSize(PHONE);
  await usernameField.fill('GuapAdmin');
  await profile.form.getByLabel('Display Name', { exact: true }).fill('');
  await profile.form.getByLabel('Bio', { exact: true }).fill('Short bio');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(usernameField).not.toBeInViewport();
  await profile.form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(profile.form.getByText('This username is already taken. Please choose another one.')).toBeInViewport();
  await expect(usernameField).toBeFocused();
  await page.setViewportSize(DESKTOP);
  await expect(profile.form.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  await expect(page.getByTestId('sync-indicator')).toHaveCount(0);

  const username = `${account.username}x`;
  const bio = 'Node runner since the testnet, long-time GUAPX holder. '.repeat(10).slice(0, 499) + '.';
  await profile.edit({
    Username: username,
    'Display Name': 'Profile Tester',
    Bio: bio,
    'Wallet Address': '0x1234567890abcdef1234567890abcdef12345678',
  });
  await profile.toast('Profile updated successfully!');
  await expect(profile.form).toHaveCount(0);
  await expect(profile.summary).toContainText(`@${username}`);
  await expect(profile.summary.getByRole('heading', { name: 'Profile Tester' })).toBeVisible();
  await expect(profile.info).toContainText(bio);
  await expect(profile.info).toContainText('0x1234...5678');

  // Cancel puts back what is saved.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await profile.form.getByLabel('Display Name').fill('Not kept');
  await profile.form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(profile.form.getByLabel('Display Name')).toHaveValue('Profile Tester');
  await profile.form.getByRole('button', { name: 'Cancel' }).click();

  // Saved on the server: a reload (a fresh read of the server's row) shows it.
  await page.reload();
  await expect(profile.summary).toContainText(`@${username}`);
  await shoot(page, 'profile-own');

  await profile.open(ADMIN_ID);
  await expect(profile.title).toHaveText("guapadmin's Profile");
  await expect(profile.summary).toContainText('Administrator');
  await expect(profile.summary).not.toContainText('admin@guapcoin.local');
  await expect(page.getByRole('link', { name: 'Send Message' })).toHaveAttribute('href', `/messages?to=${ADMIN_ID}`);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await shoot(page, 'profile-other');

  await page.goto('/profile/00000000-0000-4000-8000-00000000dead');
  await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
});

/** A PNG of the given size made by the page's canvas: flat colour blocks, so the file itself stays small. */
async function bigPng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const ctx = canvas.getContext('2d')!;
      const colors = ['#f5b301', '#1d5fd6', '#34d399', '#c62828'];
      colors.forEach((c, i) => {
        ctx.fillStyle = c;
        ctx.fillRect((i * w!) / 4, 0, w! / 4, h!);
      });
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    [width, height],
  );
  return Buffer.from(base64, 'base64');
}

test('avatar: a 3 MB file is refused, a 4000x3000 PNG is shrunk before upload and shown everywhere', async ({
  page,
  request,
}) => {
  const account = await newMember(page, request, 'painter');
  const profile = new ProfilePage(page);
  await profile.open();

  await profile.avatarInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(3 * 1024 * 1024, 1),
  });
  await profile.toast('File size must be less than 2MB');
  await profile.avatarInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await profile.toast('Please upload an image file (jpg, png, gif, or webp)');

  const png = await bigPng(page, 4000, 3000);
  expect(png.length).toBeLessThan(2 * 1024 * 1024);
  await profile.avatarInput.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  await profile.toast('Avatar updated successfully!');

  const avatar = profile.avatarImage();
  await expect(avatar).toHaveAttribute('src', /\/storage\/v1\/object\/public\/avatars\/[0-9a-f-]{36}-\d+\.webp$/);
  const url = (await avatar.getAttribute('src'))!;
  const stored = await request.get(url);
  expect(stored.ok()).toBe(true);
  const body = await stored.body();
  expect(body.length).toBeLessThan(200 * 1024);
  const size = await avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(size).toEqual([512, 384]);

  const thread = new ThreadPage(page);
  await thread.open(SEEDED.short);
  const text = `My new avatar ${Date.now()}`;
  await thread.reply(text);
  await expect(thread.post(text)).toHaveAttribute('data-status', 'sent');
  await expect(thread.post(text).locator('img').first()).toHaveAttribute('src', url);
  await page.goto('/members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(account.username);
  const card = page.getByTestId('member-card').filter({ hasText: `@${account.username}` });
  await expect(card.locator('img').first()).toHaveAttribute('src', url);
  await profile.open();
  await expect(profile.avatarImage()).toBeVisible();
  // The real counters (kept by the database), not the spec's fixed zeros: the reply above counts.
  const replies = page.getByRole('region', { name: 'Activity', exact: true }).locator('div', { hasText: 'Replies' });
  await expect(replies).toContainText('1');
  await shoot(page, 'profile-own-avatar');
});
