// Page object for a category page (/category/{type}) and the /threads list, which share their rows.
import type { Locator, Page } from '@playwright/test';
import { appStarted } from '../support/appStarted.ts';

export class CategoryPage {
  readonly heading: Locator;
  readonly rows: Locator;
  readonly placeholders: Locator;
  readonly chips: Locator;
  readonly sort: Locator;
  readonly pageStatus: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.rows = page.getByTestId('thread-row');
    this.placeholders = page.getByTestId('thread-placeholder');
    this.chips = page.getByRole('navigation', { name: 'Subcategories' }).getByRole('link');
    this.sort = page.getByRole('combobox', { name: 'Sort threads' });
    this.pageStatus = page.getByTestId('page-status');
  }

  async open(type: string, search = '') {
    await this.page.goto(`/category/${type}${search}`);
    await appStarted(this.page);
  }

  async sortBy(label: 'Latest' | 'Most Popular' | 'Most Replies') {
    await this.sort.selectOption({ label });
  }

  titles(): Promise<string[]> {
    return this.rows.locator('a[href^="/t/"]').allTextContents();
  }

  /** Whether each row, top to bottom, carries the pin. */
  pins(): Promise<boolean[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.querySelector('[aria-label="Pinned"]') !== null));
  }

  numbers(testId: 'reply-count' | 'view-count'): Promise<number[]> {
    return this.rows
      .getByTestId(testId)
      .allTextContents()
      .then((texts) => texts.map(Number));
  }

  row(title: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }
}
