// Page object for /bookmarks and for the bookmark dialog a post's Bookmark action opens.
import { expect, type Locator, type Page } from '@playwright/test';

export class BookmarksPage {
  readonly heading: Locator;
  readonly items: Locator;
  readonly empty: Locator;
  readonly dialog: Locator;
  readonly note: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('main').getByRole('heading', { level: 1, name: 'Bookmarks', exact: true });
    this.items = page.getByTestId('bookmark');
    this.empty = page.getByRole('heading', { level: 2, name: 'No bookmarks yet' });
    this.dialog = page.getByRole('dialog');
    this.note = this.dialog.getByRole('textbox', { name: 'Note (optional)' });
  }

  /** Through the user menu, as a member gets there: a move inside the app, so it works offline too. */
  async openFromMenu() {
    await this.page.getByRole('button', { name: /^Account menu for/ }).click();
    await this.page.getByRole('menuitem', { name: 'Bookmarks' }).click();
    await expect(this.heading).toBeVisible();
  }

  item(text: string | RegExp): Locator {
    return this.items.filter({ hasText: text });
  }

  /** A post's Bookmark action: "Bookmark post by …" or "Bookmarked post by …". */
  static actionOf(post: Locator): Locator {
    return post.getByRole('button', { name: /^Bookmark(ed)? post by / });
  }
}
