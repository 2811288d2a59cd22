// The thread view at 390x844: screenshots, no sideways scrolling, the reply form, and an axe scan.
import { expect, test } from './support/test.ts';
import { SEEDED, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { signInQuickly } from './support/signIn.ts';

test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

test('a thread at 390x844 fits the screen, as a visitor and as a member with the reply form', async ({ page }) => {
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.welcome);
  await page.screenshot({ path: 'test-results/screens/phone-thread-visitor.png' });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await signInQuickly(page, MEMBER);
  await thread.open(SEEDED.rules);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await page.screenshot({ path: 'test-results/screens/phone-thread.png' });
  await thread.replyBox.scrollIntoViewIfNeeded();
  await expect(thread.replyBox).toHaveAttribute('rows', '6');
  await page.screenshot({ path: 'test-results/screens/phone-thread-reply.png' });
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, 'thread on a phone');
});
