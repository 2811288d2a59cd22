// Page object for /messages: the Inbox and Sent tabs, the search, the list, the detail pane and the 'New Message'
// dialog; and the header's messages link with its unread badge.
import { expect, type Locator, type Page } from '@playwright/test';

export class MessagesPage {
  readonly inboxTab: Locator;
  readonly sentTab: Locator;
  readonly search: Locator;
  readonly rows: Locator;
  readonly detail: Locator;
  readonly dialog: Locator;
  readonly headerLink: Locator;
  readonly waitingNotice: Locator;

  constructor(readonly page: Page) {
    this.inboxTab = page.getByRole('tab', { name: /^Inbox/ });
    this.sentTab = page.getByRole('tab', { name: 'Sent' });
    this.search = page.getByRole('searchbox', { name: 'Search messages' });
    this.rows = page.getByRole('tabpanel').getByTestId('message-row');
    this.detail = page.getByRole('region', { name: 'Message detail' });
    this.dialog = page.getByRole('dialog', { name: 'New Message' });
    this.headerLink = page.getByTestId('messages-link');
    this.waitingNotice = page.getByRole('status').filter({ hasText: /^\d+ (message|read receipt|deletion)/ });
  }

  async open(search = '') {
    await this.page.goto(`/messages${search}`);
    await expect(this.inboxTab).toBeVisible();
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  toast(text: string): Locator {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  }

  /** The header badge as a member reads it: 'Messages' with no unread, else 'Messages, n unread'. */
  async expectUnread(count: number) {
    await expect(this.headerLink).toHaveAccessibleName(count === 0 ? 'Messages' : `Messages, ${count} unread`);
  }

  /** Asks this device to pull now, as coming back to the window does. */
  async pullNow() {
    await this.page.evaluate(() => window.dispatchEvent(new Event('focus')));
  }

  async chooseRecipient(username: string) {
    await this.dialog.getByRole('button', { name: 'To' }).click();
    const search = this.page.getByRole('combobox', { name: 'Search members' });
    await search.fill(username);
    await this.page.getByRole('option', { name: new RegExp(`@${username}`) }).click();
  }

  async compose(message: { to?: string; subject: string; content: string }) {
    if (!(await this.dialog.isVisible())) await this.page.getByRole('button', { name: 'New Message' }).click();
    if (message.to) await this.chooseRecipient(message.to);
    await this.dialog.getByLabel('Subject', { exact: true }).fill(message.subject);
    await this.dialog.getByLabel('Message', { exact: true }).fill(message.content);
    await this.dialog.getByRole('button', { name: 'Send' }).click();
  }
}
