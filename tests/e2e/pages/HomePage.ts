// Page object for the home page.
import type { Locator, Page } from '@playwright/test';

export class HomePage {
  readonly categoryCards: Locator;
  readonly threadRows: Locator;

  constructor(readonly page: Page) {
    this.categoryCards = page.getByTestId('category-card');
    this.threadRows = page.getByTestId('thread-row');
  }

  async open() {
    await this.page.goto('/');
  }
}
