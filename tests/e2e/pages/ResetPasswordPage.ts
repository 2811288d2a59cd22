// Page object for /reset-password: the reset request and the "choose a new password" step.
import type { Page } from '@playwright/test';

export class ResetPasswordPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/reset-password');
  }

  /**
   * Fields are found inside their form: the address changes before the new page renders, and the sign-in page it
   * came from has an Email field of its own.
   */
  async requestReset(email: string) {
    const form = this.page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send Reset Email' }).click();
  }

  async chooseNewPassword(password: string) {
    const form = this.page.getByRole('form', { name: 'Choose a new password' });
    await form.getByLabel('New Password', { exact: true }).fill(password);
    await form.getByLabel('Confirm New Password').fill(password);
    await form.getByRole('button', { name: 'Set New Password' }).click();
  }
}
