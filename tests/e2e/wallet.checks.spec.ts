// The wallet's checks on a profile, as a new member meets them with the test wallet: an address that is not a
// checksummed 0x address is refused under the field (and not saved); Verify with another account selected names both
// addresses.
import { expect, test } from './support/test.ts';
import { newMember } from './support/newMember.ts';
import { DESKTOP } from './support/screens.ts';
import { TEST_ACCOUNTS, TestWallet } from './support/testWallet.ts';
import { shoot, toast } from './support/tipping.ts';
import { memberSession, saveWalletAddress } from './support/walletApi.ts';
import { ProfilePage } from './pages/ProfilePage.ts';

const [ALICE, BOB] = TEST_ACCOUNTS;

test.use({ viewport: DESKTOP });

/** The profile's stored address, as the server has it. */
async function storedAddress(
  request: Parameters<typeof memberSession>[0],
  session: { userId: string; headers: Record<string, string> },
) {
  const answer = await request.get(`/rest/v1/profiles?id=eq.${session.userId}&select=wallet_address`, {
    headers: session.headers,
  });
  const [row] = (await answer.json()) as { wallet_address: string | null }[];
  return row?.wallet_address ?? null;
}

test('the form refuses text that is no address and a mistyped checksum, and saves lowercase hex checksummed', async ({
  page,
  request,
}) => {
  const account = await newMember(page, request, 'address');
  const session = await memberSession(request, account);
  const profile = new ProfilePage(page);
  await profile.open();
  const field = profile.form.getByLabel('Wallet Address', { exact: true });

  await profile.edit({ 'Wallet Address': 'my wallet' });
  await expect(profile.form.getByText('A wallet address is 0x followed by 40 hexadecimal digits')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'profile-wallet-address-refused', field);

  // One capital turned small: a typo the checksum catches.
  const typo = '0x52908400098527886e0F7030069857D2E4169EE7';
  await profile.edit({ 'Wallet Address': typo });
  await expect(
    profile.form.getByText(
      'This wallet address has a wrong checksum (its mix of capitals): copy it again from your wallet',
    ),
  ).toBeVisible();
  expect(await storedAddress(request, session)).toBeNull();

  await profile.edit({ 'Wallet Address': ALICE.toLowerCase() });
  await profile.toast('Profile updated successfully!');
  await expect.poll(() => storedAddress(request, session)).toBe(ALICE);
  await expect(profile.info.locator(`code[title="${ALICE}"]`)).toBeVisible();

  // Behind the form, the server holds the same rule.
  const refused = await request.patch(`/rest/v1/profiles?id=eq.${session.userId}`, {
    headers: session.headers,
    data: { wallet_address: 'my wallet' },
  });
  expect(refused.status()).toBe(400);
  expect(await storedAddress(request, session)).toBe(ALICE);
});

test('Verify with another account selected names the address the wallet signs with and the one the profile holds', async ({
  page,
  request,
}) => {
  const testWallet = await TestWallet.install(page);
  testWallet.authorized = true;
  const account = await newMember(page, request, 'otheraccount');
  const session = await memberSession(request, account);
  await saveWalletAddress(request, session, ALICE);
  await testWallet.selectAccount(1);
  const profile = new ProfilePage(page);
  await profile.open();

  await profile.info.getByRole('button', { name: 'Verify' }).click();
  const told = toast(page, `Your wallet signs with ${BOB}, but your profile holds ${ALICE}.`);
  await expect(told).toBeVisible();
  await expect(told).toContainText(`Select ${ALICE} in your wallet, then Verify again.`);
  await expect(toast(page, 'Failed to verify the wallet address')).toHaveCount(0);
  expect(testWallet.methods()).not.toContain('personal_sign');
  await shoot(page, 'profile-verify-other-account');
});
