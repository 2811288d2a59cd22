// Page object for /profile and /profile/{userId}: the summary, the information card and the Edit Profile form.
import { expect, type Locator, type Page } from '@playwright/test';

export class ProfilePage {
  readonly title: Locator;
  readonly summary: Locator;
  readonly info: Locator;
  readonly form: Locator;
  readonly avatarInput: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByRole('heading', { level: 1 });
    this.summary = page.getByRole('region', { name: 'Profile summary' });
    this.info = page.getByRole('region', { name: 'Profile Information' });
    this.form = page.getByRole('form', { name: 'Edit Profile' });
    this.avatarInput = page.getByTestId('avatar-input');
  }

  async open(userId?: string) {
    await this.page.goto(userId ? `/profile/${userId}` : '/profile');
    await expect(this.summary).toBeVisible();
  }

  async edit(values: Partial<Record<'Username' | 'Display Name' | 'Bio' | 'Wallet Address', string>>) {
    if (!(await this.form.isVisible())) await this.page.getByRole('button', { name: 'Edit Profile' }).click();
    for (const [label, value] of Object.entries(values)) await this.form.getByLabel(label, { exact: true }).fill(value);
    await this.form.getByRole('button', { name: 'Save Changes' }).click();
  }

  avatarImage(scope: Locator = this.summary): Locator {
    return scope.locator('img').first();
  }

  async toast(text: string) {
    await expect(this.page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
  }
}
