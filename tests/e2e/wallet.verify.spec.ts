// Verify with the test wallet (testWallet.ts): the owner of a saved address proves it by signing a Sign-In with
// Ethereum message bound to this forum (its domain and URI, the chain, a nonce, an expiry), and the badge shows on the
// profile and the member card; the server refuses a signature by another key and a replayed message. The app is
// opened at http://localhost:<port>, the loopback name a signed message's URI may use without https.
import { copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Wallet } from 'ethers';
import { expect, test, type Locator, type Page } from './support/test.ts';
import { ProfilePage } from './pages/ProfilePage.ts';
import { Shell } from './pages/Shell.ts';
import { DESKTOP, PHONE } from './support/screens.ts';
import { GUAPCOINX, TestWallet } from './support/testWallet.ts';
import { shoot } from './support/tipping.ts';
import { freshMember } from './threadToolsSupport.ts';
import { memberSession, onLocalhost, proofMessage, sendProof, walletVerified } from './support/walletApi.ts';

const SHOTS = '/work/wt/shots/verify';

/** Both sizes, kept where a person opens them as well as with the other wallet screens. */
async function shootVerify(page: Page, name: string, focus?: Locator) {
  await shoot(page, name, focus);
  mkdirSync(SHOTS, { recursive: true });
  for (const { width, height } of [DESKTOP, PHONE]) {
    const file = `${name}-${width}x${height}.png`;
    copyFileSync(join(tmpdir(), 'guap-screens', file), join(SHOTS, file));
  }
}

test.use({ viewport: DESKTOP });

test('the owner verifies their address by signing a message for this forum, and the badge shows on the profile and the member card', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await freshMember(baseURL!, 'prover');
  const session = await memberSession(request, account);
  const testWallet = await TestWallet.install(page, { keys: [`0x${randomBytes(32).toString('hex')}`] });

  await page.goto(onLocalhost('/auth'));
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await new Shell(page).expectSignedIn();
  await page.goto(onLocalhost('/profile'));
  const profile = new ProfilePage(page);
  await expect(profile.summary).toBeVisible();

  // The form's wallet buttons fill the field with the connected account.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await profile.form.getByRole('button', { name: 'Connect Wallet' }).click();
  await profile.form.getByRole('button', { name: 'Use Connected Address' }).click();
  await expect(profile.form.getByLabel('Wallet Address', { exact: true })).toHaveValue(testWallet.address);
  await shoot(page, 'profile-wallet-form');
  await profile.form.getByRole('button', { name: 'Save Changes' }).click();
  await profile.toast('Profile updated successfully!');

  // Saved but not proven: no badge, and Verify for its owner.
  await expect(profile.info.getByText(`${testWallet.address.slice(0, 6)}...`)).toBeVisible();
  await expect(profile.info.getByText('Verified', { exact: true })).toHaveCount(0);
  const verify = profile.info.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeVisible();
  await shootVerify(page, 'verify-unverified', verify);

  await verify.click();
  await profile.toast('Wallet address verified');
  await expect(profile.info.getByText('Verified', { exact: true })).toBeVisible();
  await expect(verify).toHaveCount(0);
  expect(await walletVerified(request, session)).toBe(true);
  await shootVerify(page, 'verify-verified', profile.info.getByText('Verified', { exact: true }));

  // The wallet was asked to sign an EIP-4361 message naming this forum's domain and URI, its chain, a nonce, and an
  // expiry 10 minutes after it was issued; sent again, it is refused.
  const host = new URL(onLocalhost('/')).host;
  const proof = testWallet.signed.at(-1)!;
  expect(proof.message.split('\n').slice(0, 6)).toEqual([
    `${host} wants you to sign in with your Ethereum account:`,
    testWallet.address,
    '',
    'Verify that this wallet holds the address on your GuapCoin Forum profile.',
    '',
    `URI: http://${host}/profile`,
  ]);
  const fields = new RegExp(
    `\\nVersion: 1\\nChain ID: ${GUAPCOINX}\\nNonce: [0-9a-f]{32}\\nIssued At: (\\S+)\\nExpiration Time: (\\S+)$`,
  ).exec(proof.message);
  expect(fields, proof.message).not.toBeNull();
  expect(Date.parse(fields![2]!) - Date.parse(fields![1]!)).toBe(10 * 60_000);
  const replayed = await sendProof(request, session, proof);
  expect(replayed).toEqual({
    status: 409,
    body: { error: 'This message’s nonce was already used or has expired. Sign a new message.' },
  });

  // A message for this forum signed by another key is refused too.
  const forgedMessage = await proofMessage(request, session, testWallet.address);
  const forged = await sendProof(request, session, {
    message: forgedMessage,
    signature: await Wallet.createRandom().signMessage(forgedMessage),
  });
  expect(forged).toEqual({ status: 400, body: { error: 'Signature does not match address in message' } });

  // By name: with the other specs' members, a new member's card may be past the first page.
  await page.goto(onLocalhost('/members'));
  await page.getByRole('searchbox', { name: 'Search members' }).fill(account.username);
  const card = page.getByTestId('member-card').filter({ hasText: `@${account.username}` });
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await shoot(page, 'members-wallet-verified');
});
