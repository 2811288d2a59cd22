// Page object for /reset-password: the reset request and the "choose a new password" step.
import type { Page } from '@playwright/test';

export class ResetPasswordPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/reset-password');
  }

  async requestReset(email: string) {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('button', { name: 'Send Reset Email' }).click();
  }

  async chooseNewPassword(password: string) {
    await this.page.getByLabel('New Password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm New Password').fill(password);
    await this.page.getByRole('button', { name: 'Set New Password' }).click();
  }
}
