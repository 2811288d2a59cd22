// Keyboard reading, as Discourse's: j/k select posts or list rows (focused, with a ring), o opens, r goes to the
// reply box, q quotes and l likes the selected post, b opens its bookmark dialog, / focuses search, g h goes home,
// ? lists them all. Typing in a field and keys with a modifier are left alone.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { MEMBER } from './support/accounts.ts';
import { signInQuickly } from './support/signIn.ts';
import { DESKTOP, PHONE } from './support/screens.ts';
import { SEEDED, ThreadPage } from './pages/ThreadPage.ts';
import { ENTRY_CODE, expectNotStarted, holdAppStart } from './support/holdAppStart.ts';

const SCREENS = '/tmp/guap-screens/h-keys';

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(SCREENS, `${name}-${viewport.width}x${viewport.height}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

test.use({ viewport: DESKTOP });

const signIn = (page: Page, path: string) => signInQuickly(page, MEMBER, path);

const selected = (page: Page) => page.locator('[data-selected="true"]');

test('j and k move through a list, o opens the thread, and g h comes home', async ({ page }) => {
  await page.goto('/threads');
  const rows = page.getByTestId('thread-row');
  await expect(rows.nth(2)).toBeVisible();
  await page.keyboard.press('j');
  await expect(rows.first()).toHaveAttribute('data-selected', 'true');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(rows.nth(2)).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('k');
  await expect(rows.nth(1)).toHaveAttribute('data-selected', 'true');
  await expect(rows.nth(1)).toBeFocused();
  await expect(selected(page)).toHaveCount(1);
  // The ring is drawn: the selected row has an outline, the others none.
  expect(await rows.nth(1).evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  expect(await rows.nth(2).evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');

  const href = await rows.nth(1).getByRole('link').first().getAttribute('href');
  await page.keyboard.press('o');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(new ThreadPage(page).posts.first()).toBeVisible();

  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(page).toHaveURL(/\/$/);

  // Home's list too; Enter opens the selected row as o does.
  const homeRows = page.getByTestId('thread-row');
  await expect(homeRows.first()).toBeVisible();
  await page.keyboard.press('j');
  await expect(homeRows.first()).toBeFocused();
  const first = await homeRows.first().getByRole('link').first().getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${first}$`));
});

test('in a thread: j/k select posts, l likes and q quotes the selected one, r goes to the reply box, b bookmarks', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, `/t/${SEEDED.mega}`);
  const thread = new ThreadPage(page);
  await expect(thread.posts.nth(3)).toBeVisible();
  // The first post that is someone else's, which the member can like.
  const likeable = await thread.posts.evaluateAll((posts) =>
    posts.findIndex((post) => post.querySelector('button[aria-label^="Like ("]:not([disabled])') !== null),
  );
  expect(likeable).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= likeable; i++) await page.keyboard.press('j');
  // By its id from here: the list unmounts pages scrolled far away, so positions among rendered posts move.
  const id = await thread.posts.nth(likeable).getAttribute('id');
  const post = page.locator(`[id="${id}"]`);
  await expect(post).toHaveAttribute('data-selected', 'true');
  await expect(post).toBeFocused();
  await expect(post).toBeInViewport();
  await shoot(page, 'selected-post');

  const like = post.getByRole('button', { name: /^(Like|Unlike) \(/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toBeEnabled();
  await page.keyboard.press('l');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAttribute('data-status', 'sent');
  await page.keyboard.press('l');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAttribute('data-status', 'none');

  // q puts the selected post in the reply box as a quote, "author said" first, and the box takes the focus after
  // it, as after a click on Quote (SPEC §9).
  const author = await post.getByRole('heading', { level: 2 }).innerText();
  await page.keyboard.press('q');
  await expect(thread.replyBox).toHaveValue(new RegExp(`^> \\*\\*${author.split(/\s/)[0]}.* said:\\*\\*\\n> \\S`));
  await expect(thread.replyBox).toBeFocused();
  // Typed in the box, j and k are text, and the selection stays where it was.
  await thread.replyBox.fill('');
  await page.keyboard.type('j k');
  await expect(thread.replyBox).toHaveValue('j k');
  await thread.replyBox.fill('');
  await thread.replyBox.blur();

  // r: to the reply box, and the r is not typed into it.
  await page.keyboard.press('r');
  await expect(thread.replyBox).toBeFocused();
  await expect(thread.replyBox).toHaveValue('');
  await thread.replyBox.blur();

  // Back up with k to a post on screen: b opens its bookmark dialog, and keys there are the dialog's.
  await page.keyboard.press('k');
  const chosen = page.locator('[data-selected="true"]');
  await expect(chosen).toBeFocused();
  const chosenId = await chosen.getAttribute('id');
  // b presses the post's Bookmark button, which stays disabled until the thread's bookmarks are read from the mirror.
  await expect(chosen.locator('button[data-action="bookmark"]')).toBeEnabled();
  await page.keyboard.press('b');
  const dialog = page.getByRole('dialog', { name: 'Bookmark post' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('j');
  await expect(page.locator(`[id="${chosenId}"]`)).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A key with Ctrl or Alt is the browser's: the selection stays.
  await page.locator(`[id="${chosenId}"]`).focus();
  await page.keyboard.press('Control+j');
  await page.keyboard.press('Alt+j');
  await expect(page.locator(`[id="${chosenId}"]`)).toHaveAttribute('data-selected', 'true');
  await expect(page.locator('[data-selected="true"]')).toHaveCount(1);
});

test('the selected post keeps the focus when the list renders it anew, scrolled far away and back', async ({
  page,
}) => {
  await page.goto(`/t/${SEEDED.mega}`);
  const thread = new ThreadPage(page);
  await expect(thread.posts.nth(3)).toBeVisible();
  await page.keyboard.press('j');
  const id = await selected(page).getAttribute('id');
  const post = page.locator(`[id="${id}"]`);
  await expect(post).toBeFocused();
  // Far enough down that the list swaps the first page of posts for a placeholder, and the post's element goes.
  const firstPage = page.locator('[data-page="0"]');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(firstPage).toHaveAttribute('data-rendered', 'false', { timeout: 1_000 });
  }).toPass();
  await expect(post).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(post).toHaveAttribute('data-selected', 'true');
  await expect(post).toBeFocused();
  await page.keyboard.press('j');
  await expect(post).not.toHaveAttribute('data-selected', 'true');
  await expect(selected(page)).toBeFocused();
});

test('? lists the shortcuts and / focuses the search', async ({ page }) => {
  await page.goto(`/t/${SEEDED.welcome}`);
  await expect(new ThreadPage(page).posts.first()).toBeVisible();
  // The keys are read once their code has loaded, just after the first paint (the posts can show before it, from
  // the page's HTML): j is pressed until a post is selected.
  await expect(async () => {
    await page.keyboard.press('j');
    await expect(selected(page)).toHaveCount(1, { timeout: 1_000 });
  }).toPass();
  const chosen = await selected(page).getAttribute('id');
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const does of ['Next / previous post', 'Reply to the thread', 'Quote the selected post', 'Go home']) {
    await expect(dialog).toContainText(does);
  }
  await shoot(page, 'shortcuts-dialog');
  // Keys in the dialog are the dialog's: j moves nothing behind it.
  await page.keyboard.press('j');
  await expect(page.locator(`[id="${chosen}"]`)).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.keyboard.press('/');
  const search = page.getByRole('combobox', { name: 'Search' });
  await expect(search).toBeFocused();
  // Typing in the search box is typing: j, k and / go into it.
  await page.keyboard.type('j/k');
  await expect(search).toHaveValue('j/k');
});

test('keys pressed before the keyboard code has loaded are kept and done once it has', async ({ page }) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/KeyboardShortcuts-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/threads');
  // The live app is up (its rows carry test ids; the HTML's do not), the keyboard's code is still held back.
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toHaveCount(0);
  release();
  await expect(dialog).toBeVisible();
});

test("a key pressed on the server's page before the app's code has arrived is done once it has", async ({ page }) => {
  const start = await holdAppStart(page, ENTRY_CODE);
  // Not waiting for the page's load, which waits for the held code.
  await page.goto(`/t/${SEEDED.mega}`, { waitUntil: 'commit' });
  await expectNotStarted(page);
  await page.keyboard.press('j');
  start();
  await expect(selected(page)).toHaveCount(1);
  await expect(selected(page)).toBeFocused();
});
