// The app has started on the page: a member's app renders the server's page anew (it is written for a visitor), so
// a tap, a scroll or a read before then could land on an element about to be replaced.
import { expect, type Page } from '@playwright/test';

export async function appStarted(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
}
