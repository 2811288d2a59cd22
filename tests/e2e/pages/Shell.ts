// Page object for the main layout: sidebar, phone drawer, header and user menu.
import { expect, type Locator, type Page } from '@playwright/test';

export class Shell {
  readonly sidebar: Locator;
  readonly collapseButton: Locator;
  readonly expandButton: Locator;
  readonly drawerButton: Locator;
  readonly drawer: Locator;
  readonly userMenuButton: Locator;
  readonly signInLink: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByTestId('sidebar');
    this.collapseButton = page.getByRole('button', { name: 'Collapse sidebar' });
    this.expandButton = page.getByRole('button', { name: 'Expand sidebar' });
    this.drawerButton = page.getByRole('button', { name: 'Open navigation' });
    this.drawer = page.getByRole('dialog', { name: 'Navigation' });
    this.userMenuButton = page.getByRole('button', { name: /^Account menu for/ });
    this.signInLink = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
    this.search = page.getByRole('combobox', { name: 'Search' });
  }

  async sidebarWidth(): Promise<number> {
    return (await this.sidebar.boundingBox())!.width;
  }

  /**
   * Signs out and waits until the header shows Sign In: sign-out asks the server first and forgets the session after,
   * so a navigation before then would still find the member signed in.
   */
  async signOut() {
    await this.userMenuButton.click();
    await this.page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(this.signInLink).toBeVisible();
  }

  async expectSignedIn() {
    await expect(this.userMenuButton).toBeVisible();
  }
}
