// The thread view at 390x844: screenshots, no sideways scrolling, the reply form, an axe scan, and the reading bar
// never floating over a post's Report link.
import { expect, test } from './support/test.ts';
import { SEEDED, seededPostId, ThreadPage } from './pages/ThreadPage.ts';
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

test('at 390x844 the reading bar never floats over a post’s Report link', async ({ page }) => {
  const thread = new ThreadPage(page);
  await signInQuickly(page, MEMBER);
  await thread.open(SEEDED.mega);
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
  let underBar = 0;
  for (let y = 0; y <= 3000; y += 61) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    // Each Report link in the window is either the element at its centre, or under a band that hides it wholly (the
    // header, or the bar drawn across the column): never beside a floating button that takes its taps.
    const seen = await page.evaluate(() => {
      const bar = document.querySelector('[role="toolbar"][aria-label="Reading position"]');
      const opaque = (el: Element) => getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)';
      return [...document.querySelectorAll('button[aria-label^="Report post by"]')].flatMap((report) => {
        const box = report.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (y < 0 || y > window.innerHeight) return [];
        const hit = document.elementFromPoint(x, y);
        if (hit && report.contains(hit)) return ['clear'];
        if (hit?.closest('header')) return ['under the header'];
        if (bar && hit && bar.contains(hit)) return [opaque(bar) ? 'under the bar' : `beside ${hit.textContent}`];
        return [`covered by ${hit?.outerHTML.slice(0, 80)}`];
      });
    });
    underBar += seen.filter((s) => s === 'under the bar').length;
    expect(
      seen.filter((s) => s !== 'clear' && !s.startsWith('under')),
      `scrolled to ${y}`,
    ).toEqual([]);
  }
  // The check met the bar: some Report link did pass under it.
  expect(underBar).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/screens/phone-thread-reading-bar.png' });
});

test('at 390x844 "Jump to latest" goes once the latest post is in view, and comes back with "Back to where I was"', async ({
  page,
}) => {
  const thread = new ThreadPage(page);
  await signInQuickly(page, MEMBER);
  await thread.open(SEEDED.mega);
  const latest = page.getByRole('button', { name: 'Jump to latest' });
  const back = page.getByRole('button', { name: 'Back to where I was' });
  await latest.click();
  await expect(back).toBeVisible();
  await expect(latest).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/phone-thread-after-jump.png' });
  await back.click();
  await expect(latest).toBeVisible();
});

test('at 390x844 a link to a post deep in a thread lands with the post whole below the two-row header', async ({
  page,
  baseURL,
}) => {
  const postId = await seededPostId(baseURL!, SEEDED.mega, 150);
  const linked = page.locator(`#post-${postId}`);
  await page.goto(`/t/${SEEDED.mega}#post-${postId}`);
  await expect(linked).toBeInViewport();
  const header = page.locator('[data-app-header]');
  // On a phone the header wraps its search box to a second row, so it is taller than on a desktop.
  await expect.poll(async () => (await header.boundingBox())!.height).toBeGreaterThan(80);
  // While the thread's posts arrive the linked one may move to another page, as a new element: waited for too.
  const belowHeader = async () => {
    const [post, bar] = [await linked.boundingBox(), await header.boundingBox()];
    return post && bar ? post.y - bar.height : -1;
  };
  await expect.poll(belowHeader).toBeGreaterThanOrEqual(0);
  await page.screenshot({ path: 'test-results/screens/phone-thread-linked-post.png' });
});
