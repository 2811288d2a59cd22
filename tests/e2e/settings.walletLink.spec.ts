// Linking a wallet in Settings with the test wallet (testWallet.ts): a member signed in by email links it, signs out,
// and signs in with the wallet to the same account; unlinking a wallet-only account's only way in is refused. The
// app is opened at http://localhost:<port>, the loopback name a signed message's URI may use without https.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { serviceClient } from './pages/ThreadPage.ts';
import { Shell } from './pages/Shell.ts';
import { freshAccount } from './support/accounts.ts';
import { DESKTOP, PHONE, screen } from './support/screens.ts';
import { TestWallet } from './support/testWallet.ts';

const SHOTS = '/work/wt/shots/link';

const onLocalhost = (baseURL: string, path: string) => `http://localhost:${new URL(baseURL).port}${path}`;
const newKey = () => `0x${randomBytes(32).toString('hex')}`;
const methods = (page: Page) => page.getByRole('region', { name: 'Sign-in methods' });

/** Both sizes, each scrolled so that the list's last row and its buttons show. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await methods(page).getByRole('button').last().scrollIntoViewIfNeeded();
    await screen(page, name);
    const file = `${name}-${viewport.width}x${viewport.height}.png`;
    copyFileSync(join(tmpdir(), 'guap-screens', file), join(SHOTS, file));
  }
  await page.setViewportSize(DESKTOP);
}

test('a member signed in by email links the wallet, signs out, and signs in with it to the same account', async ({
  page,
  baseURL,
}) => {
  const account = freshAccount('linker');
  const service = await serviceClient(baseURL!);
  const made = await service.auth.admin.createUser({
    email: account.email,
    password: account.password,
    email_confirm: true,
  });
  expect(made.error).toBeNull();
  const { data: profile } = await service.from('profiles').select('username').eq('id', made.data.user!.id).single();
  const username = profile!.username as string;
  const wallet = await TestWallet.install(page, { keys: [newKey()] });

  await page.goto(onLocalhost(baseURL!, '/auth'));
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  const shell = new Shell(page);
  await expect(page.getByRole('button', { name: `Account menu for ${username}` })).toBeVisible();

  await page.goto(onLocalhost(baseURL!, '/settings'));
  await expect(methods(page).getByRole('listitem')).toHaveCount(1);
  await methods(page).getByRole('button', { name: 'Link wallet' }).click();
  const address = wallet.address.toLowerCase();
  await expect(methods(page).getByRole('listitem')).toHaveCount(2);
  await expect(methods(page).getByRole('listitem').nth(1)).toContainText(`Wallet${address}`);
  // The wallet signed the sign-in's kind of message, for this site, with a nonce and an expiry.
  expect(wallet.signed.at(-1)?.message).toMatch(
    /^localhost:\d+ wants you to sign in with your Ethereum account:\n0x[0-9a-fA-F]{40}\n\n.+\n\nURI: http:\/\/localhost:\d+\/settings\n/,
  );
  expect(wallet.signed.at(-1)?.message).toMatch(/\nNonce: [0-9a-f]{32}\n[^]*\nExpiration Time: /);
  await expect(methods(page).getByRole('button', { name: `Unlink wallet ${address}` })).toBeVisible();
  await shoot(page, 'settings-link-unlink');

  await shell.signOut();
  await page.goto(onLocalhost(baseURL!, '/auth'));
  await page.getByRole('button', { name: 'Sign in with wallet' }).click();
  // The same account: its username in the header, and no username to choose as a new wallet account would.
  await expect(page.getByRole('button', { name: `Account menu for ${username}` })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Choose a username' })).toHaveCount(0);
});

test('a wallet-only account cannot unlink its only way in', async ({ page, baseURL }) => {
  const wallet = await TestWallet.install(page, { keys: [newKey()] });
  await page.goto(onLocalhost(baseURL!, '/auth'));
  await page.getByRole('button', { name: 'Sign in with wallet' }).click();
  const chooser = page.getByRole('form', { name: 'Choose a username' });
  await chooser.getByLabel('Username').fill(`only${randomBytes(4).toString('hex')}`);
  await chooser.getByRole('button', { name: 'Continue' }).click();
  await new Shell(page).expectSignedIn();

  await page.goto(onLocalhost(baseURL!, '/settings'));
  const address = wallet.address.toLowerCase();
  await methods(page)
    .getByRole('button', { name: `Unlink wallet ${address}` })
    .click();
  await expect(methods(page).getByRole('alert')).toHaveText(
    'This wallet is your only way in. Set a password or link another wallet before unlinking it.',
  );
  await expect(methods(page).getByRole('listitem')).toHaveCount(1);
  await expect(methods(page).getByRole('listitem')).toContainText(`Wallet${address}`);
  await shoot(page, 'settings-unlink-refused');
});
