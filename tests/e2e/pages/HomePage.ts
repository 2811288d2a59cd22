// Page object for the home page.
import type { Locator, Page } from '@playwright/test';
import { appStarted } from '../support/appStarted.ts';

export class HomePage {
  readonly categoryCards: Locator;
  readonly threadRows: Locator;
  readonly viewAll: Locator;

  constructor(readonly page: Page) {
    this.categoryCards = page.getByTestId('category-card');
    this.threadRows = page.getByTestId('thread-row');
    this.viewAll = page.getByRole('link', { name: 'View All' });
  }

  async open() {
    await this.page.goto('/');
    await appStarted(this.page);
  }

  /** The row of the thread with this title. */
  row(title: string): Locator {
    return this.threadRows.filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }
}
