// Page object for /auth: the Sign In and Create Account forms.
import { expect, type Locator, type Page } from '@playwright/test';

export class AuthPage {
  readonly signInTab: Locator;
  readonly signUpTab: Locator;
  readonly formError: Locator;

  constructor(readonly page: Page) {
    this.signInTab = page.getByRole('tab', { name: 'Sign In' });
    this.signUpTab = page.getByRole('tab', { name: 'Create Account' });
    this.formError = page.getByRole('alert').filter({ hasNotText: /^$/ });
  }

  async open(search = '') {
    await this.page.goto(`/auth${search}`);
    await expect(this.signInTab).toBeVisible();
  }

  async signIn(email: string, password: string) {
    const form = this.page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign In' }).click();
  }

  async signUp(account: { username: string; email: string; password: string }, confirm = account.password) {
    await this.signUpTab.click();
    const form = this.page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Username').fill(account.username);
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByLabel('Confirm Password').fill(confirm);
    await form.getByRole('button', { name: 'Create Account' }).click();
  }
}
