// /wallet with a test EIP-1193 wallet (testWallet.ts) and the explorer fixture (explorerFixture.ts): the prompt
// outside a wallet browser, connect, the balance and the first 20 transactions, account switches, disconnects, a
// chain the wallet does not know, explorer failures, and the last balance offline with its age.
import { expect, test, type Page } from './support/test.ts';
import { hexlify, toUtf8Bytes, verifyMessage } from 'ethers';
import { MEMBER } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { ExplorerFixture, transactionsOf } from './support/explorerFixture.ts';
import { DESKTOP, PHONE, screen } from './support/screens.ts';
import { controlledByServiceWorker } from './support/serviceWorker.ts';
import { signInQuickly } from './support/signIn.ts';
import { GUAPCOINX, TEST_ACCOUNTS, TestWallet } from './support/testWallet.ts';
import { WalletPage } from './pages/WalletPage.ts';

const [ALICE, BOB] = TEST_ACCOUNTS;

interface Eip1193 {
  request(args: { method: string; params: readonly unknown[] }): Promise<unknown>;
}
const explorer = new ExplorerFixture();

test.beforeAll(() => explorer.start());
test.afterAll(() => explorer.stop());
test.beforeEach(() => {
  explorer.reset();
  // 1234.5678 GUAPX, and 25 transactions: the page keeps the first 20.
  explorer.setBalance(ALICE, '1234567800000000000000');
  explorer.setTransactions(ALICE, transactionsOf(ALICE, 25));
  explorer.setBalance(BOB, '500000000000000000');
});

/** Signed in as the seeded member, on /wallet. */
async function signedInWallet(page: Page): Promise<WalletPage> {
  await signInQuickly(page, MEMBER, '/wallet');
  await expect(page).toHaveURL(/\/wallet$/);
  return new WalletPage(page);
}

/** The screen at both sizes people look at it, for a person to check. */
async function shoot(page: Page, name: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await screen(page, name);
  }
  await page.setViewportSize(DESKTOP);
}

/** axe on the screen once the sign-in toast is gone: the toast is the shell's, scanned on its own elsewhere. */
async function expectAccessible(page: Page, screenName: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, screenName);
}

/** Uncaught errors of the page: a failure must show as a state, never as a crash. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.use({ viewport: DESKTOP, serviceWorkers: 'allow' });

test('outside a wallet browser, the prompt to use it shows with the download link', async ({ page }) => {
  const wallet = await signedInWallet(page);
  await expect(wallet.prompt).toBeVisible();
  await expect(wallet.download).toHaveAttribute('href', 'https://wallet.guapcoin.example/download');
  await expect(wallet.connectButton).toHaveCount(0);
  await shoot(page, 'wallet-prompt');
});

test('connect shows the address, the balance and the first 20 transactions; copy, refresh and the explorer links work', async ({
  page,
  context,
}) => {
  const errors = pageErrors(page);
  const testWallet = await TestWallet.install(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const wallet = await signedInWallet(page);
  await expect(wallet.connectHeading).toBeVisible();
  // Not yet shared with the forum: nothing was asked that would prompt the member.
  expect(testWallet.methods()).not.toContain('eth_requestAccounts');
  await shoot(page, 'wallet-connect');

  await wallet.connect();
  await expect(wallet.address).toHaveText(ALICE);
  await expect(wallet.balance).toHaveText('1,234.5678 GUAPX');
  await expect(page.getByText(`Chain ID ${GUAPCOINX}`)).toBeVisible();
  await expect(wallet.transactions).toHaveCount(20);
  await expect(explorer.requests.find((q) => q.get('action') === 'txlist')?.get('sort')).toBe('desc');

  // The newest: received 0.5 GUAPX from 0xaaaa...aaa1, a minute ago.
  const newest = wallet.transactions.first();
  await expect(newest).toContainText('Received');
  await expect(newest).toContainText('Success');
  await expect(newest).toContainText('0xaaaa...aaa1');
  await expect(newest).toContainText('+0.5000 GUAPX');
  await expect(newest.locator('time')).toHaveText('1m');
  const hash = `0x${'1'.padStart(64, '0')}`;
  await expect(newest.getByRole('link', { name: /^View/ })).toHaveAttribute('href', `${explorer.url}tx/${hash}`);
  const third = wallet.transactions.nth(2);
  await expect(third).toContainText('Sent');
  await expect(third).toContainText('-2.5000 GUAPX');
  await expect(wallet.transactions.nth(4)).toContainText('Failed');
  await expect(page.getByRole('link', { name: 'View on explorer' })).toHaveAttribute(
    'href',
    `${explorer.url}address/${ALICE}`,
  );
  await shoot(page, 'wallet-connected');
  await expectAccessible(page, '/wallet (connected, light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, '/wallet (connected, dark)');
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('button', { name: 'Copy wallet address' }).click();
  await expect(wallet.toast('Wallet address copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ALICE);

  const asked = explorer.asked('txlist');
  explorer.setBalance(ALICE, '2000000000000000000000');
  await wallet.refresh.click();
  await expect(wallet.toast('Wallet data refreshed')).toBeVisible();
  await expect(wallet.balance).toHaveText('2,000.0000 GUAPX');
  expect(explorer.asked('txlist')).toBe(asked + 1);
  expect(errors).toEqual([]);
});

test("a refused connection shows the wallet's words under the Connect button", async ({ page }) => {
  const testWallet = await TestWallet.install(page);
  testWallet.refuseNextConnect = 'User rejected the request.';
  const wallet = await signedInWallet(page);
  await wallet.connectButton.click();
  await expect(wallet.connectError).toHaveText('User rejected the request.');
  await expect(wallet.connectHeading).toBeVisible();
  await wallet.connect();
  await expect(wallet.address).toHaveText(ALICE);
});

test('switching accounts in the wallet shows the other account', async ({ page }) => {
  const testWallet = await TestWallet.install(page);
  const wallet = await signedInWallet(page);
  await wallet.connect();
  await expect(wallet.transactions).toHaveCount(20);

  await testWallet.selectAccount(1);
  await expect(wallet.address).toHaveText(BOB);
  await expect(wallet.balance).toHaveText('0.5000 GUAPX');
  await expect(wallet.history.getByText('No transactions found')).toBeVisible();
  await expect(wallet.transactions).toHaveCount(0);
});

test('Disconnect, and a disconnect from the wallet, reset the page to Connect Your Wallet', async ({ page }) => {
  const testWallet = await TestWallet.install(page);
  const wallet = await signedInWallet(page);
  await wallet.connect();
  await wallet.disconnect.click();
  await expect(wallet.connectHeading).toBeVisible();
  await expect(wallet.address).toHaveCount(0);
  // A manual disconnect holds across a reload, though the wallet still shares the account.
  await page.reload();
  await expect(wallet.connectHeading).toBeVisible();

  await wallet.connect();
  await expect(wallet.address).toHaveText(ALICE);
  await testWallet.disconnectFromWallet();
  await expect(wallet.connectHeading).toBeVisible();
});

test('inside the wallet browser the shared account is picked up on arrival, without asking', async ({ page }) => {
  const testWallet = await TestWallet.install(page);
  const wallet = await signedInWallet(page);
  await wallet.connect();
  const asked = testWallet.methods().filter((m) => m === 'eth_requestAccounts').length;
  await page.reload();
  await expect(wallet.address).toHaveText(ALICE);
  expect(testWallet.methods().filter((m) => m === 'eth_requestAccounts')).toHaveLength(asked);
});

test('on a chain the wallet does not know, switching adds it with wallet_addEthereumChain after 4902', async ({
  page,
}) => {
  const testWallet = await TestWallet.install(page, { chainId: 1500 });
  const wallet = await signedInWallet(page);
  await wallet.connect();
  await expect(page.getByText('Chain ID 1500')).toBeVisible();
  await expect(wallet.wrongNetwork).toBeVisible();
  await expectAccessible(page, '/wallet (wrong network)');

  await wallet.wrongNetwork.getByRole('button', { name: 'Switch to GuapcoinX' }).click();
  await expect(page.getByText(`Chain ID ${GUAPCOINX}`)).toBeVisible();
  await expect(wallet.wrongNetwork).toHaveCount(0);
  expect(testWallet.methods().filter((m) => m.startsWith('wallet_'))).toEqual([
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_switchEthereumChain',
  ]);
  const added = testWallet.calls.find((c) => c.method === 'wallet_addEthereumChain');
  expect(added?.params).toEqual([
    {
      chainId: '0x115c7',
      chainName: 'GuapcoinX',
      rpcUrls: ['https://rpc-mainnet.guapcoinx.com/'],
      nativeCurrency: { name: 'GuapX', symbol: 'GuapX', decimals: 18 },
      blockExplorerUrls: [explorer.url],
    },
  ]);
});

for (const mode of ['http500', 'malformed', 'hang'] as const) {
  test(`an explorer that ${mode === 'hang' ? 'never answers' : `answers ${mode}`} shows 'Failed to load transactions', no crash`, async ({
    page,
  }) => {
    const errors = pageErrors(page);
    await TestWallet.install(page);
    explorer.mode = mode;
    const wallet = await signedInWallet(page);
    await wallet.connect();
    // The app gives up on the explorer after 10 s: generous, as a busy machine is slow.
    await expect(wallet.historyFailed).toBeVisible({ timeout: mode === 'hang' ? 30_000 : undefined });
    await expect(wallet.toast('Failed to load transactions')).toBeVisible();
    await expect(wallet.address).toHaveText(ALICE);
    await expect(wallet.balance).toHaveText('—');
    expect(errors).toEqual([]);
    if (mode === 'http500') await shoot(page, 'wallet-failure');
  });
}

test('offline, /wallet shows the last balance and history with their age', async ({ page, context }) => {
  await TestWallet.install(page);
  const wallet = await signedInWallet(page);
  await controlledByServiceWorker(page);
  await wallet.connect();
  await expect(wallet.balance).toHaveText('1,234.5678 GUAPX');
  await expect(wallet.transactions).toHaveCount(20);

  await context.setOffline(true);
  await page.reload();
  await expect(wallet.address).toHaveText(ALICE);
  await expect(wallet.balance).toHaveText('1,234.5678 GUAPX');
  await expect(page.getByText(/^as of (just now|\d+m ago)$/).first()).toBeVisible();
  await expect(wallet.transactions).toHaveCount(20);
  await shoot(page, 'wallet-offline');
  await context.setOffline(false);
});

test('the test wallet signs for real and registers what it sends with the explorer fixture, for the profile specs', async ({
  page,
}) => {
  const testWallet = await TestWallet.install(page, { onSend: (tx) => explorer.registerSent(tx) });
  const wallet = await signedInWallet(page);
  await wallet.connect();
  const inPage = (method: string, params: unknown[]) =>
    page.evaluate(([m, p]) => (window as unknown as { ethereum: Eip1193 }).ethereum.request({ method: m, params: p }), [
      method,
      params,
    ] as const);
  const message = 'GuapCoin Forum: prove this address';
  const signature = (await inPage('personal_sign', [hexlify(toUtf8Bytes(message)), ALICE])) as string;
  expect(verifyMessage(message, signature)).toBe(ALICE);

  const hash = (await inPage('eth_sendTransaction', [{ from: ALICE, to: BOB, value: '0xde0b6b3a7640000' }])) as string;
  expect(testWallet.sent).toEqual([{ hash, from: ALICE, to: BOB, value: 10n ** 18n }]);
  const explorerAnswer = async (action: string) =>
    (await page.request.get(`${explorer.url}api?module=transaction&action=${action}&txhash=${hash}`)).json();
  expect(await explorerAnswer('gettxinfo')).toMatchObject({
    status: '1',
    result: { hash, from: ALICE, to: BOB, value: '1000000000000000000', success: true, confirmations: '1' },
  });
  expect(await explorerAnswer('gettxreceiptstatus')).toEqual({ status: '1', message: 'OK', result: { status: '1' } });
  explorer.setReceiptStatus(hash, '0');
  expect(await explorerAnswer('gettxreceiptstatus')).toEqual({ status: '1', message: 'OK', result: { status: '0' } });
  const unknown = await page.request.get(`${explorer.url}api?module=transaction&action=gettxinfo&txhash=0xabc`);
  expect(await unknown.json()).toEqual({ status: '0', message: 'Transaction not found', result: null });
});
