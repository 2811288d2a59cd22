// Page object for /wallet: the wallet-browser prompt, 'Connect Your Wallet', the connected wallet and its history.
import { expect, type Locator, type Page } from '@playwright/test';

export class WalletPage {
  readonly prompt: Locator;
  readonly download: Locator;
  readonly connectHeading: Locator;
  readonly connectButton: Locator;
  /** The wallet's error under the Connect button. */
  readonly connectError: Locator;
  readonly address: Locator;
  readonly balance: Locator;
  readonly transactions: Locator;
  readonly history: Locator;
  readonly historyFailed: Locator;
  readonly refresh: Locator;
  readonly disconnect: Locator;
  readonly wrongNetwork: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.prompt = main.getByRole('heading', { name: 'Use the GuapCoin wallet browser' });
    this.download = main.getByRole('link', { name: 'Download the GuapCoin wallet browser' });
    this.connectHeading = main.getByRole('heading', { name: 'Connect Your Wallet' });
    this.connectButton = main.getByRole('button', { name: 'Connect Wallet' });
    this.connectError = main.getByRole('alert');
    this.address = page.getByTestId('wallet-address');
    this.balance = page.getByTestId('wallet-balance');
    this.transactions = page.getByTestId('wallet-transaction');
    this.history = main.getByRole('region', { name: 'Transaction History' });
    this.historyFailed = this.history.getByRole('alert').filter({ hasText: 'Failed to load transactions' });
    this.refresh = main.getByRole('button', { name: 'Refresh' });
    this.disconnect = main.getByRole('button', { name: 'Disconnect' });
    this.wrongNetwork = main.getByRole('alert').filter({ hasText: 'Wrong network' });
  }

  async open() {
    await this.page.goto('/wallet');
  }

  async connect() {
    await this.connectButton.click();
    await expect(this.address).toBeVisible();
  }

  toast(text: string): Locator {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text });
  }
}
