// A first visit paints from the HTML alone: the local stack writes the page's rows into it as markup, inside the
// shell, with the page's styles inline. With JavaScript held back the page still shows them; with it, the app starts
// from the same rows, which the HTML carried as JSON into the mirror.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { SEEDED } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { memberSession } from './support/walletApi.ts';
import { appStarted } from './support/appStarted.ts';

/** A title that would end the rows' JSON script and run its own, were the JSON not escaped. */
const HOSTILE = '</script><script>alert(1)</script>';
/** The seed's admin (supabase/seed.sql): a profile, and an id no thread has. */
const SEEDED_ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';

test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });

test.describe('with JavaScript held back', () => {
  test.use({ javaScriptEnabled: false });

  test("a thread link shows the thread's title and first post, in the shell", async ({ page }) => {
    await page.goto(`/t/${SEEDED.mega}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('GUAPX price discussion and market megathread');
    const first = page.getByRole('article').first();
    await expect(first).toContainText('Keep all the short-term price talk here');
    await expect(first).toContainText('Original Post');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'GuapCoin' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    // The page's styles came with it: the post is a card, not unstyled text.
    const background = await first.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
  });

  test('home and a category show their threads', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to the GuapCoin Forum' })).toBeVisible();
    const recent = page.getByRole('region', { name: 'Recent Threads' });
    await expect(recent.getByRole('listitem').first().getByRole('link')).toHaveAttribute('href', /^\/t\/./);
    await expect(page.getByRole('link', { name: /Guapcoin Discussions/ })).toContainText(/\d+ threads?/);
    await page.goto('/category/guapcoin');
    await expect(page.getByRole('heading', { name: 'Guapcoin Discussions' })).toBeVisible();
    // The category is the app's own first render: its subcategory chips come first, then its threads.
    await expect(
      page.getByRole('navigation', { name: 'Subcategories' }).getByRole('link', { name: 'All', exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('thread-row').first().getByRole('link')).toHaveAttribute('href', /^\/t\/./);
  });

  test('any other address shows the shell as built: navigation, search and placeholders, styled', async ({ page }) => {
    await page.goto('/threads');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'GuapCoin' })).toBeVisible();
    await expect(page.getByRole('search').getByRole('searchbox', { name: 'Search' })).toBeVisible();
    // Placeholders where the page goes, drawn by the start's styles, which came inline.
    const placeholders = page.getByRole('main').locator('.skeleton');
    await expect(placeholders).toHaveCount(6);
    expect(await placeholders.first().evaluate((el) => getComputedStyle(el).animationName)).toBe('pulse');
    // No stylesheet to fetch first: the links to the inline ones' files are disabled (scripts/bootStages.ts).
    expect(await page.locator('link[rel="stylesheet"]:not([disabled])').count()).toBe(0);
    // No Sign In: the same page starts a member's visit too.
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  });

  test('a page the server does not write says it needs JavaScript, and where reading works without it', async ({
    page,
  }) => {
    for (const address of ['/threads', '/members', `/profile/${SEEDED_ADMIN_ID}`]) {
      await page.goto(address);
      const notice = page.getByRole('main').getByRole('status');
      await expect(notice).toContainText('This page needs JavaScript');
      await notice.getByRole('link', { name: 'home page' }).click();
      await expect(page.getByRole('heading', { name: 'Welcome to the GuapCoin Forum' })).toBeVisible();
    }
  });

  test('an unknown thread answers 404 with a page that says it was not found', async ({ page }) => {
    const response = await page.goto('/t/no-such-slug');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Thread Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect((await page.goto(`/thread/${SEEDED_ADMIN_ID}`))?.status()).toBe(404);
    // A thread that exists still answers 200.
    expect((await page.goto(`/t/${SEEDED.mega}`))?.status()).toBe(200);
  });
});

test('the app starts from the rows the HTML carried, without asking the server for them', async ({ page }) => {
  const threadReads: string[] = [];
  // The mirror's pulls read threads too; held back here (the context's routes cover the sync worker's requests), the
  // thread can only come from the HTML.
  await page.context().route('**/rest/v1/**', (route) => {
    threadReads.push(route.request().url());
    return route.abort();
  });
  await page.goto(`/t/${SEEDED.mega}`);
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
  // The app has asked the server, and been refused: what it shows came with the HTML.
  await expect.poll(() => threadReads.length).toBeGreaterThan(0);
  // The app's own post cards, hydrated from the server's markup.
  await expect(page.getByTestId('post').first()).toContainText('Keep all the short-term price talk here');
  await expect(page.getByTestId('post').first()).toHaveAttribute('data-status', 'sent');
});

for (const path of [`/t/${SEEDED.mega}`, '/category/guapcoin']) {
  test(`${path}: the screen's styles the HTML carried are neither fetched nor applied again as the app starts`, async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(path);
    await appStarted(page);
    const sheets = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => ({
          file: new URL(link.href).pathname,
          disabled: link.disabled,
        })),
      );
    const inline = (await sheets()).filter((s) => s.disabled).map((s) => s.file);
    // The screen's own files, beside the start's: the page's chunk needs them, and would add each again.
    expect(inline.filter((file) => !/\/boot-/.test(file)).length).toBeGreaterThan(0);
    const applied = (await sheets()).filter((s) => !s.disabled).map((s) => s.file);
    expect(applied.filter((file) => inline.includes(file))).toEqual([]);
    // Nor asked for: the screen preloader's links skip them, as the prefetch of the other screens' files does.
    expect(fetched.filter((file) => inline.includes(file))).toEqual([]);
    // And the page is still dressed by them: the first row or post is padded as a card, not bare text.
    const card = page.locator('[data-testid="post"], [data-testid="thread-row"]').first();
    expect(await card.evaluate((el) => getComputedStyle(el).paddingLeft)).not.toBe('0px');
  });
}

test("a thread titled to close the page's script shows its title as words and runs nothing", async ({
  page,
  request,
}) => {
  const session = await memberSession(request, MEMBER);
  const [category] = (await (
    await request.get('/rest/v1/categories?slug=eq.guapcoin-general&select=id', { headers: session.headers })
  ).json()) as { id: string }[];
  const id = randomUUID();
  const slug = `escape-test-${id.slice(0, 8)}`;
  const thread = { id, slug, title: HOSTILE, category_id: category!.id, author_id: session.userId };
  expect((await request.post('/rest/v1/threads', { headers: session.headers, data: thread })).ok()).toBe(true);
  const opening = { thread_id: id, author_id: session.userId, content: 'The opening words.', type: 'thread' };
  const posted = await request.post('/rest/v1/posts', {
    headers: session.headers,
    data: { ...opening, is_first_post: true },
  });
  expect(posted.ok()).toBe(true);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const html = await (await request.get(`/t/${slug}`)).text();
  expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  await page.goto(`/t/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOSTILE);
  await expect(page.getByTestId('post').first()).toContainText('The opening words.');
  expect(dialogs).toEqual([]);
});
