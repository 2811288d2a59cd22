// The wallet's checks on a profile, as a new member meets them with the test wallet and the explorer fixture: an
// address that is not a checksummed 0x address is refused under the field (and not saved); Verify with another
// account selected names both addresses; Send shows the recipient's full address, refuses more than the balance
// and fee before the wallet is asked, and drops an amount's message once the amount is corrected.
import { Wallet } from 'ethers';
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test.ts';
import { ExplorerFixture } from './support/explorerFixture.ts';
import { newMember } from './support/newMember.ts';
import { DESKTOP } from './support/screens.ts';
import { TEST_ACCOUNTS, testSigner, TestWallet } from './support/testWallet.ts';
import { secondMember, shoot, toast } from './support/tipping.ts';
import { memberSession, saveWalletAddress, verifyAddress } from './support/walletApi.ts';
import { ProfilePage } from './pages/ProfilePage.ts';

const [ALICE, BOB] = TEST_ACCOUNTS;
const explorer = new ExplorerFixture();

test.beforeAll(() => explorer.start());
test.afterAll(() => explorer.stop());
test.beforeEach(() => explorer.reset());
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

/** A tipper proven as the test wallet's first account, holding 1,234.5678 GUAPX, in a recipient's Send dialog. */
async function sendDialog(page: Page, request: APIRequestContext, browser: Browser) {
  const recipient = await secondMember(browser, 'sendto');
  const recipientSession = await memberSession(recipient.page.request, recipient.account);
  const recipientKey = Wallet.createRandom();
  await verifyAddress(recipient.page.request, recipientSession, recipientKey);
  await recipient.context.close();

  const testWallet = await TestWallet.install(page, { onSend: (tx) => explorer.registerSent(tx) });
  testWallet.authorized = true;
  const tipper = await newMember(page, request, 'sendfrom');
  await verifyAddress(request, await memberSession(request, tipper), testSigner(0));
  explorer.setBalance(ALICE, '1234567800000000000000');
  await new ProfilePage(page).open(recipientSession.userId);
  await new ProfilePage(page).info.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: `Send GUAPX to @${recipient.account.username}` });
  return { dialog, amount: dialog.getByLabel('Amount (GUAPX)'), testWallet, recipientAddress: recipientKey.address };
}

test('Send shows the recipient’s full address', async ({ page, request, browser }) => {
  test.slow();
  const { dialog, recipientAddress } = await sendDialog(page, request, browser);
  await expect(dialog.getByText(recipientAddress, { exact: true })).toBeVisible();
});

test('Send refuses more than the balance and fee before the wallet is asked', async ({ page, request, browser }) => {
  test.slow();
  const { dialog, amount, testWallet } = await sendDialog(page, request, browser);
  // The balance the forum knows, read from the explorer as the dialog opens: the amount is checked against it.
  await expect(dialog.getByText('1,234.5678 GUAPX')).toBeVisible();
  await amount.fill('99999999999999999999999999999999');
  await expect(dialog.getByText('< 0.0001 GUAPX')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    dialog.getByText(
      'Not enough GUAPX: your wallet holds 1,234.5678 GUAPX, and this amount with the network fee is more.',
    ),
  ).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  expect(testWallet.methods()).not.toContain('eth_sendTransaction');
  await shoot(page, 'profile-send-over-balance');
});

test('Send drops an amount’s message once the amount is corrected, and sends the corrected one', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const { dialog, amount, testWallet } = await sendDialog(page, request, browser);
  await amount.fill('abc');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const notAnAmount = dialog.getByText('Enter an amount such as 1.5');
  await expect(notAnAmount).toBeVisible();
  await amount.fill('2');
  await expect(notAnAmount).toHaveCount(0);
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(testWallet.sent.map((tx) => tx.value)).toEqual([2_000_000_000_000_000_000n]);
});
