// /wallet's amounts as a member reads them, with the test wallet and the explorer fixture: a failed incoming transfer
// is no credit (unsigned, struck through, not green), 1 wei is more than "0.0000", big amounts are grouped by
// thousands, every wei shows on hover; and Refresh offline says it cannot refresh.
import { expect, test } from './support/test.ts';
import { MEMBER } from './support/accounts.ts';
import { ExplorerFixture, transactionsOf, type ExplorerTransaction } from './support/explorerFixture.ts';
import { DESKTOP, PHONE, screen } from './support/screens.ts';
import { signInQuickly } from './support/signIn.ts';
import { TEST_ACCOUNTS, TestWallet } from './support/testWallet.ts';
import { WalletPage } from './pages/WalletPage.ts';

const [ALICE] = TEST_ACCOUNTS;
const explorer = new ExplorerFixture();

test.beforeAll(() => explorer.start());
test.afterAll(() => explorer.stop());
test.beforeEach(() => explorer.reset());
test.use({ viewport: DESKTOP });

/** A received transaction of `wei`, its receipt succeeded or failed, the newest first. */
function received(index: number, wei: string, failed = false): ExplorerTransaction {
  const [base] = transactionsOf(ALICE, index + 1).slice(index);
  return {
    ...base!,
    from: `0x${String(index + 1).padStart(40, 'b')}`,
    to: ALICE.toLowerCase(),
    value: wei,
    isError: failed ? '1' : '0',
    txreceipt_status: failed ? '0' : '1',
  };
}

async function connectedWallet(page: Parameters<typeof signInQuickly>[0]) {
  await TestWallet.install(page);
  await signInQuickly(page, MEMBER, '/wallet');
  const wallet = new WalletPage(page);
  await wallet.connect();
  return wallet;
}

const amountOf = (wallet: WalletPage, index: number) => wallet.transactions.nth(index).getByText(/ GUAPX$/);

test('a failed incoming transfer is no credit: unsigned, struck through, not green', async ({ page }) => {
  explorer.setTransactions(ALICE, [received(0, '4500000000000000000', true), received(1, '500000000000000000')]);
  const wallet = await connectedWallet(page);
  await expect(wallet.transactions).toHaveCount(2);
  const credit = amountOf(wallet, 1);
  await expect(credit).toHaveText('+0.5000 GUAPX');
  const green = await credit.evaluate((element) => getComputedStyle(element).color);

  const failed = amountOf(wallet, 0);
  await expect(wallet.transactions.nth(0)).toContainText('Failed');
  await expect(failed).toHaveText('4.5000 GUAPX');
  const failedStyle = await failed.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, line: style.textDecorationLine };
  });
  expect(failedStyle.color).not.toBe(green);
  expect(failedStyle.line).toBe('line-through');
  await expect(failed).toHaveAttribute('title', '4.5 GUAPX, not transferred: it failed');
});

test('1 wei reads < 0.0001 GUAPX, big amounts are grouped by thousands, and hover shows every wei', async ({
  page,
}) => {
  explorer.setBalance(ALICE, '1234567800000000000000');
  explorer.setTransactions(ALICE, [
    received(0, '4500000000000000000', true),
    received(1, '1'),
    received(2, '1234567500000000000000000'),
    received(3, '500000000000000000'),
  ]);
  const wallet = await connectedWallet(page);
  await expect(wallet.transactions).toHaveCount(4);
  await expect(amountOf(wallet, 1)).toHaveText('< 0.0001 GUAPX');
  await expect(amountOf(wallet, 1)).toHaveAttribute('title', '0.000000000000000001 GUAPX');
  await expect(amountOf(wallet, 2)).toHaveText('+1,234,567.5000 GUAPX');
  await expect(amountOf(wallet, 2)).toHaveAttribute('title', '1,234,567.5 GUAPX');
  await expect(wallet.balance).toHaveText('1,234.5678 GUAPX');
  await expect(wallet.balance).toHaveAttribute('title', '1,234.5678 GUAPX');
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await screen(page, 'wallet-history-amounts');
  }
});

test('Refresh offline says that the wallet cannot refresh until the member is back online', async ({
  page,
  context,
}) => {
  explorer.setBalance(ALICE, '500000000000000000');
  const wallet = await connectedWallet(page);
  await expect(wallet.balance).toHaveText('0.5000 GUAPX');
  const asked = explorer.asked('balance');

  await context.setOffline(true);
  await wallet.refresh.click();
  await expect(wallet.toast('You are offline: the wallet cannot refresh until you are back online.')).toBeVisible();
  await expect(wallet.balance).toHaveText('0.5000 GUAPX');
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await screen(page, 'wallet-refresh-offline');
  }

  await context.setOffline(false);
  explorer.setBalance(ALICE, '2000000000000000000');
  await wallet.refresh.click();
  await expect(wallet.balance).toHaveText('2.0000 GUAPX');
  expect(explorer.asked('balance')).toBeGreaterThan(asked);
});
