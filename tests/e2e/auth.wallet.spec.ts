// Sign-In with Ethereum on /auth with the test wallet (testWallet.ts): the button only where a wallet is present, and
// a wallet the forum has never seen signs up, picks its username, shows its address Verified, and posts.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { SEEDED, serviceClient } from './pages/ThreadPage.ts';
import { Shell } from './pages/Shell.ts';
import { DESKTOP, PHONE, screen } from './support/screens.ts';
import { TestWallet } from './support/testWallet.ts';

const SHOTS = '/work/wt/shots/siwe';

/** The app under the loopback name hosted GoTrue accepts without https (it refuses http://127.0.0.1 messages). */
const onLocalhost = (baseURL: string, path: string) => `http://localhost:${new URL(baseURL).port}${path}`;

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await screen(page, name);
    const file = `${name}-${viewport.width}x${viewport.height}.png`;
    copyFileSync(join(tmpdir(), 'guap-screens', file), join(SHOTS, file));
  }
  await page.setViewportSize(DESKTOP);
}

const walletButton = (page: Page) => page.getByRole('button', { name: 'Sign in with wallet' });

test('without a wallet the sign-in screen offers email only', async ({ page, baseURL }) => {
  await page.goto(onLocalhost(baseURL!, '/auth'));
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expect(walletButton(page)).toHaveCount(0);
  await shoot(page, 'sign-in-without-wallet');
});

test('a new wallet signs up, picks a username, shows its address Verified, and posts', async ({ page, baseURL }) => {
  const wallet = await TestWallet.install(page, { keys: [`0x${randomBytes(32).toString('hex')}`] });
  await page.goto(onLocalhost(baseURL!, '/auth?register=true'));
  await expect(walletButton(page)).toBeVisible();
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await expect(walletButton(page)).toBeVisible();
  await shoot(page, 'sign-in-with-wallet');

  await walletButton(page).click();
  const chooser = page.getByRole('form', { name: 'Choose a username' });
  await expect(chooser).toBeVisible();
  // The message the wallet signed names the forum's host and address, the chain, a nonce and an expiry.
  const [signed] = wallet.signed;
  expect(signed?.message).toMatch(
    /^localhost:\d+ wants you to sign in with your Ethereum account:\n0x[0-9a-fA-F]{40}\n/,
  );
  expect(signed?.message).toContain('Chain ID: 71111');
  expect(signed?.message).toMatch(/\nNonce: [0-9a-f]{32}\n/);
  expect(signed?.message).toMatch(/\nExpiration Time: /);

  const taken = 'guapadmin';
  await chooser.getByLabel('Username').fill(taken);
  await chooser.getByRole('button', { name: 'Continue' }).click();
  await expect(chooser.getByText('Username is already taken')).toBeVisible();
  const username = `wallet${randomBytes(4).toString('hex')}`;
  await chooser.getByLabel('Username').fill(username);
  await chooser.getByRole('button', { name: 'Continue' }).click();
  await new Shell(page).expectSignedIn();

  const service = await serviceClient(baseURL!);
  const { data: profile } = await service.from('profiles').select('id').eq('username', username).single();
  await page.goto(onLocalhost(baseURL!, `/profile/${profile!.id}`));
  // The profile shows the address the sign-in proved as Verified, with no separate Verify step.
  const walletInfo = page.getByRole('region', { name: 'Profile Information' }).getByRole('definition').filter({
    hasText: 'Verified',
  });
  await expect(walletInfo).toContainText(wallet.address.slice(0, 6), { ignoreCase: true });
  await expect(walletInfo).toContainText(wallet.address.slice(-4), { ignoreCase: true });

  await page.goto(onLocalhost(baseURL!, `/t/${SEEDED.short}`));
  const text = `Signed in with my wallet ${randomBytes(3).toString('hex')}`;
  await page.getByRole('textbox', { name: 'Post a reply' }).fill(text);
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(page.getByTestId('post').filter({ hasText: text })).toBeVisible();
  await expect
    .poll(async () => (await service.from('posts').select('author_id').eq('content', text)).data)
    .toEqual([{ author_id: profile!.id }]);

  // Settings lists the ways into the account: here the wallet alone.
  await page.goto(onLocalhost(baseURL!, '/settings'));
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(methods.getByRole('listitem')).toHaveCount(1);
  await expect(methods.getByRole('listitem')).toContainText(`Wallet${wallet.address.toLowerCase()}`);
  await shoot(page, 'settings-sign-in-methods');
});
