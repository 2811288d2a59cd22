// Tips through the outbox, with the test wallet and the explorer fixture: a tip sent while the forum is out of reach
// waits on the device, is recorded once when the connection is back, is checked again on the server's schedule while
// the explorer has not seen it, and turns confirmed on the sender's list and in the recipient's Tips Received without
// a reload. A tip the server refuses by then (the recipient changed address) lands in the failed list.
import { Wallet } from 'ethers';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { ExplorerFixture } from './support/explorerFixture.ts';
import { newMember } from './support/newMember.ts';
import { DESKTOP } from './support/screens.ts';
import { testSigner, TestWallet, type SentTransaction } from './support/testWallet.ts';
import { recordedTips, secondMember, shoot, tipsReceivedCount, toast } from './support/tipping.ts';
import { memberSession, saveWalletAddress, verifyAddress } from './support/walletApi.ts';
import { ProfilePage } from './pages/ProfilePage.ts';

const explorer = new ExplorerFixture();

test.beforeAll(() => explorer.start());
test.afterAll(() => explorer.stop());
test.beforeEach(() => explorer.reset());
test.use({ viewport: DESKTOP });

/** The tipper proves the test wallet's first account, which holds 10 GUAPX: tips count only from a verified address. */
async function provenTipper(
  request: APIRequestContext,
  session: Awaited<ReturnType<typeof memberSession>>,
  address: string,
) {
  await verifyAddress(request, session, testSigner(0));
  explorer.setBalance(address, '10000000000000000000');
}

/**
 * Sends a tip from the recipient's open profile through the Send dialog, with the forum out of reach: the fee
 * estimate has loaded ethers first (the service worker that keeps it offline is off in these tests).
 */
async function sendTipOffline(page: Page, username: string, amount: string) {
  await new ProfilePage(page).info.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: `Send GUAPX to @${username}` });
  await dialog.getByLabel('Amount (GUAPX)').fill(amount);
  await expect(dialog.getByText('< 0.0001 GUAPX')).toBeVisible();
  await page.context().setOffline(true);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a tip made offline is recorded once on reconnect, checked again until the explorer confirms it, live', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const recipient = await secondMember(browser, 'offtipped');
  const recipientSession = await memberSession(recipient.page.request, recipient.account);
  await verifyAddress(recipient.page.request, recipientSession, Wallet.createRandom());
  await recipient.context.close();

  // The explorer has not seen the transaction yet: the test tells it later.
  const sent: SentTransaction[] = [];
  const testWallet = await TestWallet.install(page, { onSend: (tx) => sent.push(tx) });
  testWallet.authorized = true;
  const account = await newMember(page, request, 'offtipper');
  const session = await memberSession(request, account);
  await provenTipper(request, session, testWallet.address);
  const profile = new ProfilePage(page);
  await profile.open(recipientSession.userId);
  await expect(tipsReceivedCount(page)).toHaveText('0');
  // The sender's own profile, in a second tab of the same browser: its Tips Sent list.
  const own = await page.context().newPage();
  await new ProfilePage(own).open();
  const tipsSent = own.getByRole('region', { name: 'Tips Sent' });
  await expect(tipsSent.getByText('No tips sent yet.')).toBeVisible();
  let recordRequests = 0;
  page.context().on('response', (response) => {
    if (response.request().method() === 'POST' && response.url().includes('/rest/v1/tips')) recordRequests += 1;
  });

  await sendTipOffline(page, recipient.account.username, '0.25');
  await expect(
    toast(page, `Tip sent to @${recipient.account.username}. It is recorded when you are back online.`),
  ).toBeVisible();
  expect(sent).toHaveLength(1);
  const hash = sent[0]!.hash;
  const waiting = tipsSent.getByRole('listitem').filter({ hasText: '0.2500 GUAPX' });
  await expect(waiting).toContainText(`to @${recipient.account.username}`);
  await expect(waiting).toContainText('Waiting to be recorded');
  await shoot(own, 'profile-tips-sent-offline', tipsSent);
  expect(recordRequests).toBe(0);

  await page.context().setOffline(false);
  const tip = tipsSent.getByRole('listitem').filter({ hasText: '0.2500 GUAPX' });
  await expect(tip).toContainText('Pending');
  await expect(tip.getByRole('button', { name: 'Check again' })).toBeVisible();
  expect(await recordedTips(request, session, hash)).toEqual(['pending']);
  // Nobody looks: the server's schedule asks the explorer again (after the first check when it was recorded).
  const askedAbout = () => explorer.requests.filter((q) => q.get('txhash') === hash.toLowerCase()).length;
  await expect.poll(askedAbout, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expectNoSeriousA11yViolations(own, 'a pending tip in Tips Sent');
  await tip.getByRole('button', { name: 'Check again' }).click();
  await expect(toast(own, 'The explorer has not confirmed this tip yet.')).toBeVisible();
  await expect(tip).toContainText('Pending');
  await shoot(own, 'profile-tips-sent-pending', tipsSent);

  // The explorer sees it now; the next scheduled check confirms it, and both tabs show it without a reload.
  explorer.registerSent(sent[0]!);
  await expect(tip).toContainText('Confirmed', { timeout: 45_000 });
  await expect(tip.getByRole('button', { name: 'Check again' })).toHaveCount(0);
  await expect(tipsReceivedCount(page)).toHaveText('1');
  const received = page.getByRole('region', { name: 'Tips Received' });
  await expect(received.getByRole('listitem')).toContainText('0.2500 GUAPX');
  await expect(received.getByRole('listitem')).toContainText(`from @${account.username}`);
  await shoot(own, 'profile-tips-sent-confirmed', tipsSent);
  await shoot(page, 'profile-tips-received-live', received);

  // Recorded once, whatever the reconnect and the two tabs did.
  expect(recordRequests).toBe(1);
  expect(await recordedTips(request, session, hash)).toEqual(['confirmed']);
  expect(testWallet.sent).toHaveLength(1);
});

test('a tip the server refuses on reconnect lands in the failed list, with its reason', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const recipient = await secondMember(browser, 'moved');
  const recipientSession = await memberSession(recipient.page.request, recipient.account);
  await verifyAddress(recipient.page.request, recipientSession, Wallet.createRandom());

  const sent: SentTransaction[] = [];
  const testWallet = await TestWallet.install(page, { onSend: (tx) => sent.push(tx) });
  testWallet.authorized = true;
  const account = await newMember(page, request, 'refusedtipper');
  const session = await memberSession(request, account);
  await provenTipper(request, session, testWallet.address);
  await new ProfilePage(page).open(recipientSession.userId);
  const own = await page.context().newPage();
  await new ProfilePage(own).open();
  const tipsSent = own.getByRole('region', { name: 'Tips Sent' });

  await sendTipOffline(page, recipient.account.username, '3');
  await expect(tipsSent.getByRole('listitem').filter({ hasText: '3.0000 GUAPX' })).toContainText(
    'Waiting to be recorded',
  );
  // Meanwhile the recipient saves another address: the proof, and the tip's address, are gone.
  await saveWalletAddress(recipient.page.request, recipientSession, Wallet.createRandom().address);
  await recipient.context.close();

  await page.context().setOffline(false);
  const refused = own.getByRole('group', { name: 'Tip not recorded' });
  await expect(refused).toContainText(
    `Tip of 3.0000 GUAPX to @${recipient.account.username} not recorded: This member has no verified wallet address`,
  );
  await expect(tipsSent.getByRole('listitem')).toHaveCount(0);
  expect(await recordedTips(request, session, sent[0]!.hash)).toEqual([]);
  await expectNoSeriousA11yViolations(own, 'a refused tip in Tips Sent');
  await shoot(own, 'profile-tips-sent-refused', tipsSent);

  await refused.getByRole('button', { name: 'Discard' }).click();
  await expect(refused).toHaveCount(0);
  await expect(tipsSent.getByText('No tips sent yet.')).toBeVisible();
});
