// Page object for /admin/bulk-create: the category, the three sources, the preview, the run and its summary.
import { expect, type Locator, type Page } from '@playwright/test';
import { signInQuickly } from '../support/signIn.ts';

export class BulkCreatePage {
  readonly heading: Locator;
  readonly category: Locator;
  readonly fileInput: Locator;
  readonly paste: Locator;
  readonly items: Locator;
  readonly progress: Locator;
  readonly created: Locator;
  readonly failed: Locator;
  readonly failedList: Locator;
  readonly invalid: Locator;
  readonly invalidList: Locator;
  readonly retryFailed: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Bulk Thread Creation' });
    this.category = page.getByLabel('Category');
    this.fileInput = page.getByTestId('bulk-file-input');
    this.paste = page.getByLabel('Paste JSON');
    this.items = page.getByTestId('bulk-item');
    this.progress = page.getByRole('progressbar', { name: 'Bulk creation progress' });
    this.created = page.getByTestId('bulk-created');
    this.failed = page.getByTestId('bulk-failed');
    this.failedList = page.getByRole('list', { name: 'Failed threads' });
    this.invalid = page.getByTestId('bulk-invalid');
    this.invalidList = page.getByRole('list', { name: 'Invalid threads' });
    this.retryFailed = page.getByRole('button', { name: 'Retry failed' });
  }

  async signInAs(account: { email: string; password: string }) {
    await signInQuickly(this.page, account);
  }

  async open() {
    await this.page.goto('/admin/bulk-create');
    await expect(this.heading).toBeVisible();
  }

  async chooseCategory(name: string) {
    // Categories come from the mirror, which the first sync fills.
    await expect(this.category.locator('option', { hasText: name })).toHaveCount(1);
    await this.category.selectOption({ label: name });
  }

  async upload(name: string, text: string, mimeType = 'text/plain') {
    await this.fileInput.setInputFiles({ name, mimeType, buffer: Buffer.from(text, 'utf8') });
  }

  createButton(count: number): Locator {
    return this.page.getByRole('button', { name: `Create ${count} ${count === 1 ? 'Thread' : 'Threads'}` });
  }

  toast(text: string): Locator {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  }
}
