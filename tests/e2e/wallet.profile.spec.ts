// Verified addresses and tips on profiles, with the test wallet and the explorer fixture: an address typed without
// proof has no badge; a tip goes to the recipient's verified address with the right value and counts only once the
// explorer reports its receipt successful. Verify itself: wallet.verify.spec.ts; tips made offline:
// wallet.tipOutbox.spec.ts.
import { expect, test } from './support/test.ts';
import { Wallet } from 'ethers';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { ExplorerFixture } from './support/explorerFixture.ts';
import { newMember } from './support/newMember.ts';
import { DESKTOP } from './support/screens.ts';
import { MEMBER } from './support/accounts.ts';
import { signInQuickly } from './support/signIn.ts';
import { GUAPCOINX, testSigner, TestWallet } from './support/testWallet.ts';
import { secondMember, shoot, tipsReceivedCount, toast } from './support/tipping.ts';
import { memberSession, verifyAddress, walletVerified } from './support/walletApi.ts';
import { ProfilePage } from './pages/ProfilePage.ts';

const explorer = new ExplorerFixture();

test.beforeAll(() => explorer.start());
test.afterAll(() => explorer.stop());
test.beforeEach(() => explorer.reset());
test.use({ viewport: DESKTOP });

test('outside a wallet browser, the form offers the download link under Wallet Address, not a Connect button', async ({
  page,
}) => {
  await signInQuickly(page, MEMBER, '/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const profile = new ProfilePage(page);
  const download = profile.form.getByRole('link', { name: 'Download the GuapCoin wallet browser' });
  await expect(download).toHaveAttribute('href', 'https://wallet.guapcoin.example/download');
  await expect(profile.form.getByRole('button', { name: 'Connect Wallet' })).toHaveCount(0);
  await profile.form.getByLabel('Wallet Address', { exact: true }).scrollIntoViewIfNeeded();
  await shoot(page, 'profile-wallet-form-prompt');
  await expectNoSeriousA11yViolations(page, '/profile (edit form, outside a wallet browser)');
});

test('an address typed without proof shows without the badge, and changing a proven one removes its proof', async ({
  page,
  request,
}) => {
  const account = await newMember(page, request, 'typed');
  const session = await memberSession(request, account);
  await verifyAddress(request, session, Wallet.createRandom());
  const profile = new ProfilePage(page);
  await profile.open();
  await expect(profile.info.getByText('Verified', { exact: true })).toBeVisible();

  await profile.edit({ 'Wallet Address': Wallet.createRandom().address });
  await profile.toast('Profile updated successfully!');
  await expect.poll(() => walletVerified(request, session)).toBe(false);
  await page.reload();
  await expect(profile.info.getByRole('button', { name: 'Verify' })).toBeVisible();
  await expect(profile.info.getByText('Verified', { exact: true })).toHaveCount(0);
});

test('a tip goes to the verified address with its value in wei, and counts only once its receipt succeeded', async ({
  page,
  request,
  browser,
}) => {
  // Two members sign up through the mailbox: slow on a busy machine.
  test.slow();
  // The recipient proves an address of their own.
  const recipient = await secondMember(browser, 'tipped');
  const recipientSession = await memberSession(recipient.page.request, recipient.account);
  const recipientKey = Wallet.createRandom();
  await verifyAddress(recipient.page.request, recipientSession, recipientKey);

  // The tipper's wallet browser already shares its account, so the profile finds it connected; it is on the desktop
  // wallet's chain, which the dialog says it will switch from.
  let failNext = false;
  const testWallet = await TestWallet.install(page, {
    chainId: 1500,
    knownChains: [1500, GUAPCOINX],
    onSend: (tx) => {
      explorer.registerSent(tx);
      if (failNext) explorer.setReceiptStatus(tx.hash, '0');
    },
  });
  testWallet.account = 1;
  testWallet.authorized = true;
  const tipper = await newMember(page, request, 'tipper');
  // A tip counts only from the tipper's verified address, and Send checks the amount against its balance.
  await verifyAddress(request, await memberSession(request, tipper), testSigner(1));
  explorer.setBalance(testWallet.address, '10000000000000000000');
  const profile = new ProfilePage(page);
  await profile.open(recipientSession.userId);
  const tipsReceived = tipsReceivedCount(page);
  await expect(tipsReceived).toHaveText('0');

  await profile.info.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: `Send GUAPX to @${recipient.account.username}` });
  await dialog.getByLabel('Amount (GUAPX)').fill('1.5');
  // 21,000 gas at 1 gwei.
  await expect(dialog.getByText('< 0.0001 GUAPX')).toBeVisible();
  await expect(dialog.getByText('GuapcoinX (71111)')).toBeVisible();
  await expect(dialog.getByText('your wallet is on 1500: sending switches it')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Send dialog');
  await shoot(page, 'profile-send-tip');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(
    toast(page, `Tip sent to @${recipient.account.username}. It counts once confirmed on chain.`),
  ).toBeVisible();
  // Confirmed by the check made as it was recorded: the open profile's count moves without a reload.
  await expect(tipsReceived).toHaveText('1');
  expect(testWallet.sent).toHaveLength(1);
  const methods = testWallet.methods();
  expect(methods).toContain('wallet_switchEthereumChain');
  expect(methods.indexOf('wallet_switchEthereumChain')).toBeLessThan(methods.indexOf('eth_sendTransaction'));
  expect(testWallet.chainId).toBe(GUAPCOINX);
  const [tip] = testWallet.sent;
  expect([tip?.from, tip?.to, tip?.value]).toEqual([
    testWallet.address.toLowerCase(),
    recipientKey.address.toLowerCase(),
    1_500_000_000_000_000_000n,
  ]);
  await expect(tipsReceived).toHaveText('1');
  const tips = page.getByRole('region', { name: 'Tips Received' });
  await expect(tips.getByRole('listitem')).toHaveCount(1);
  await expect(tips.getByRole('listitem')).toContainText('1.5000 GUAPX');
  await expect(tips.getByRole('link', { name: 'View' })).toHaveAttribute(
    'href',
    `${explorer.url}tx/${tip!.hash.toLowerCase()}`,
  );

  // A transaction whose receipt failed is never counted.
  failNext = true;
  await profile.info.getByRole('button', { name: 'Send' }).click();
  await dialog.getByLabel('Amount (GUAPX)').fill('2');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(testWallet.sent[1]?.value).toBe(2_000_000_000_000_000_000n);
  // The sender's own list says which counted.
  await profile.open();
  const sentTips = page.getByRole('region', { name: 'Tips Sent' }).getByRole('listitem');
  await expect(sentTips.filter({ hasText: '2.0000 GUAPX' })).toContainText('Failed on chain');
  await expect(sentTips.filter({ hasText: '1.5000 GUAPX' })).toContainText('Confirmed');
  await expect(sentTips).toHaveCount(2);
  await shoot(page, 'profile-tips-sent-settled', page.getByRole('region', { name: 'Tips Sent' }));
  await profile.open(recipientSession.userId);
  await expect(tipsReceived).toHaveText('1');
  await expect(tips.getByRole('listitem')).toHaveCount(1);
  await expect(profile.info.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'a profile with a verified address and a tip');
  await shoot(page, 'profile-tips-received');
  await recipient.context.close();
});
