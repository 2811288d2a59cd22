// What a member meets in a thread: Quote leaves the caret after the quote, the header's reply count follows a reply,
// a reply is announced as posted once the server has it, an offline one as saved and then as posted, the locked notice keeps its shield beside its words,
// and a small image keeps its natural size.
import { expect, test, type Page, type Route } from './support/test.ts';
import { SEEDED, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { signInQuickly } from './support/signIn.ts';
import { DESKTOP, screen } from './support/screens.ts';

test.use({ viewport: DESKTOP });

const signIn = (page: Page) => signInQuickly(page, MEMBER);

test('after a reply, the header counts it, and Quote puts the caret on a new line after the quote', async ({
  page,
}) => {
  await signIn(page);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.short);
  const header = page.locator('main header').first();
  const before = Number((await header.getByText(/^\d+ repl(y|ies)$/).textContent())!.split(' ')[0]);
  await thread.reply(`First answer ${Date.now()}`);
  await thread.toast('Reply posted successfully!');
  await expect(
    header.getByText(`${before + 1} ${before + 1 === 1 ? 'reply' : 'replies'}`, { exact: true }),
  ).toBeVisible();

  await thread.posts
    .first()
    .getByRole('button', { name: /^Quote / })
    .click();
  await expect(thread.replyBox).toHaveValue(/said:\*\*/);
  await expect(thread.replyBox).toBeFocused();
  await page.keyboard.type('My answer');
  await page.keyboard.press('End');
  await page.keyboard.type(' goes here');
  const value = await thread.replyBox.inputValue();
  expect(value.startsWith('> **')).toBe(true);
  expect(value.endsWith('\n\nMy answer goes here')).toBe(true);
  await screen(page, 'thread-quote');
});

test('a reply says it is posted only once the server has it: no toast while it waits to send', async ({
  page,
  context,
}) => {
  await signIn(page);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.short);
  // The reply's request is held, as on a slow connection.
  const held: Route[] = [];
  let holding = true;
  await context.route(/\/rest\/v1\/posts\b/, (route) =>
    holding && route.request().method() === 'POST' ? void held.push(route) : route.fallback(),
  );
  const text = `Sent on a slow line ${Date.now()}`;
  await thread.reply(text);
  await expect(thread.post(text)).toContainText('Waiting to send');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Reply posted successfully!' })).toHaveCount(0);

  holding = false;
  await Promise.all(held.map((route) => route.fallback()));
  await expect(thread.post(text)).toHaveAttribute('data-status', 'sent');
  await thread.toast('Reply posted successfully!');
});

test('a reply written offline toasts "Saved, will send when online", then the spec\'s toast once sent', async ({
  page,
  context,
}) => {
  await signIn(page);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.short);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
  const text = `Typed in a tunnel ${Date.now()}`;
  await thread.reply(text);
  await thread.toast('Saved, will send when online');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Reply posted successfully!' })).toHaveCount(0);
  await expect(thread.post(text)).toContainText('Waiting to send');
  await screen(page, 'thread-offline-reply');

  await context.setOffline(false);
  await expect(thread.post(text)).toHaveAttribute('data-status', 'sent');
  await thread.toast('Reply posted successfully!');
});

test('the locked notice shows its shield right beside its words', async ({ page }) => {
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.locked);
  await expect(thread.lockedNotice).toBeVisible();
  const gap = await page.getByRole('note').evaluate((note) => {
    const icon = note.querySelector('svg')!.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(note);
    const words = [...range.getClientRects()].filter((r) => r.left >= icon.right - 1);
    return Math.min(...words.map((r) => r.left)) - icon.right;
  });
  expect(gap).toBeLessThan(24);
  await thread.lockedNotice.scrollIntoViewIfNeeded();
  await screen(page, 'thread-locked');
});

test('a small image in a post keeps its natural size', async ({ page, baseURL }) => {
  await signIn(page);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.short);
  const text = `Tiny icon ${Date.now()}`;
  await thread.reply(`${text}\n\n![icon](${baseURL}/icons/apple-touch-icon-180.png)`);
  // The image loads lazily, only near the window; posts of the shared thread that the pull brings after the opening
  // come in above the new reply and may leave it far below the window (the reply box is the thread's last element).
  await thread.post(text).scrollIntoViewIfNeeded();
  const images = thread.post(text).locator('img');
  await expect(images.first()).toBeVisible();
  await expect
    .poll(() => images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).naturalWidth)))
    .not.toContain(0);
  const sizes = await images.evaluateAll((all) =>
    all.map((img) => ({ shown: img.getBoundingClientRect().width, natural: (img as HTMLImageElement).naturalWidth })),
  );
  for (const { shown, natural } of sizes) expect(shown).toBeLessThanOrEqual(natural);
  await images.last().scrollIntoViewIfNeeded();
  await screen(page, 'thread-small-image');
});
