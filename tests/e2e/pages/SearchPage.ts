// Page object for the header search box (a combobox with a dropdown) and the /search results page.
import type { Locator, Page } from '@playwright/test';

export class SearchPage {
  readonly box: Locator;
  readonly dropdown: Locator;
  readonly threadOptions: Locator;
  readonly memberOptions: Locator;
  readonly threadResults: Locator;
  readonly memberResults: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.box = page.getByRole('combobox', { name: 'Search' });
    this.dropdown = page.getByRole('listbox', { name: 'Search suggestions' });
    this.threadOptions = this.dropdown.getByTestId('search-option-thread');
    this.memberOptions = this.dropdown.getByTestId('search-option-member');
    this.threadResults = page.getByTestId('search-thread');
    this.memberResults = page.getByTestId('search-member');
    this.status = page.getByTestId('search-status');
  }

  async type(query: string) {
    await this.box.fill(query);
  }

  /** Types the query and presses Enter: the full results page. */
  async submit(query: string) {
    await this.box.fill(query);
    await this.box.press('Enter');
  }

  threadResult(title: string): Locator {
    return this.threadResults.filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }
}
