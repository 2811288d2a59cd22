// Create Thread on a phone: the toolbar wraps within the screen, the emoji picker fits, and a screenshot.
import { expect, test } from './support/test.ts';
import { CreateThreadPage } from './pages/CreateThreadPage.ts';

test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

test('Create Thread at 390x844: nothing overflows sideways; the emoji picker fits the screen', async ({ page }) => {
  const compose = new CreateThreadPage(page);
  await compose.signInAndOpen();
  await compose.chooseCategory();
  await compose.title.fill('Phone layout check');
  await expect(compose.toolbar).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screens/phone-create-thread.png', fullPage: true });

  await compose.tool('Insert emoji').click();
  const picker = page.getByRole('dialog', { name: 'Emoji picker' });
  await expect(picker).toBeVisible();
  const box = (await picker.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screens/phone-create-thread-emoji.png' });
});
