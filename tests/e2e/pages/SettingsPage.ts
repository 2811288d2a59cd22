// Page object for /settings: its four tabs, their switches, the waiting marker and the Danger Zone.
import { expect, type Locator, type Page } from '@playwright/test';

type TabName = 'General' | 'Notifications' | 'Privacy' | 'Danger Zone';

export class SettingsPage {
  readonly waiting: Locator;
  readonly confirmDelete: Locator;
  readonly deleteButton: Locator;

  constructor(readonly page: Page) {
    this.waiting = page.getByTestId('settings-waiting');
    this.confirmDelete = page.getByLabel('Type DELETE to confirm');
    this.deleteButton = page.getByRole('button', { name: 'Delete Account' });
  }

  async open(tab: TabName = 'General') {
    await this.page.goto('/settings');
    await this.openTab(tab);
  }

  tab(name: TabName): Locator {
    return this.page.getByRole('tab', { name });
  }

  async openTab(name: TabName) {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  switch(name: string): Locator {
    return this.page.getByRole('switch', { name });
  }

  toast(text: string): Locator {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text });
  }
}
