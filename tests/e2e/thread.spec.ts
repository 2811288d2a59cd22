// The thread view on desktop: reading as a visitor, replying, quoting, editing and deleting as a member,
// moderation, locked and missing threads, the gallery, and a long thread that stays windowed.
import { expect, test, type Page } from './support/test.ts';
import { MEMBER_ID, SEEDED, seededPostId, seededThreadId, serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER, MODERATOR as MOD } from './support/accounts.ts';
import { signInQuickly } from './support/signIn.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';

test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });

const signIn = (page: Page, account: { email: string; password: string }) => signInQuickly(page, account);

test('a visitor opening a thread by id lands on its slug, sees the header and the sign-in prompt', async ({ page }) => {
  const views: string[] = [];
  page.on('request', (r) => r.url().includes('/rpc/increment_thread_view_count') && views.push(r.url()));
  await page.goto('/');
  await page.goto(`/thread/${seededThreadId(SEEDED.rules)}`);
  await expect(page).toHaveURL(`/t/${SEEDED.rules}`);
  const thread = new ThreadPage(page);
  await expect(thread.title).toHaveText('Forum rules and code of conduct');
  const header = page.getByRole('main').locator('header').first();
  await expect(header.getByText('Pinned')).toBeVisible();
  await expect(header.getByText('Forum Moderator')).toBeVisible();
  await expect(header.getByText('Mod', { exact: true })).toBeVisible();
  await expect(header.getByText(/\d+ views/)).toBeVisible();
  await expect(header.getByText('2 replies')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Announcements' })).toHaveAttribute(
    'href',
    '/category/guapcoin?cat=announcements',
  );
  await expect(thread.posts).toHaveCount(3);
  await expect(thread.posts.first().getByText('Original Post')).toBeVisible();
  await expect(thread.posts.nth(1).getByText('Original Post')).toHaveCount(0);
  await expect(thread.signInPrompt).toHaveAttribute('href', '/auth');
  await expect(thread.replyBox).toHaveCount(0);
  await expect(thread.posts.first().getByRole('button', { name: /Quote|Edit|Delete/ })).toHaveCount(0);
  // Counted once the page is idle: at most 2 s after the thread shows.
  await expect.poll(() => views.length).toBe(1);
  // The id address was replaced, so Back returns to where the visitor came from.
  await page.goBack();
  await expect(page).toHaveURL('/');
});

test('a locked thread shows its notice and no reply form, even to a member', async ({ page }) => {
  await signIn(page, MEMBER);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.locked);
  await expect(page.getByRole('main').locator('header').getByText('Locked', { exact: true })).toBeVisible();
  await expect(thread.lockedNotice).toBeVisible();
  await expect(thread.replyBox).toHaveCount(0);
});

test('an unknown thread shows Thread Not Found with Go to Home', async ({ page }) => {
  await page.goto('/t/no-such-thread-anywhere');
  await expect(page.getByRole('heading', { name: 'Thread Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('a member replies, quotes, edits ("(edited)") and deletes their reply', async ({ page, baseURL }) => {
  await signIn(page, MEMBER);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.short);
  await expect(thread.postReply).toBeDisabled();
  await thread.replyBox.fill('   ');
  await expect(thread.postReply).toBeDisabled();

  const text = `Agreed, reading on the train works great ${Date.now()}`;
  await thread.reply(text);
  await thread.toast('Reply posted successfully!');
  const mine = thread.post(text);
  await expect(mine).toHaveAttribute('data-status', 'sent');
  await expect(thread.replyBox).toHaveValue('');

  await thread.posts
    .first()
    .getByRole('button', { name: /^Quote / })
    .click();
  await expect(thread.replyBox).toHaveValue(/^> \*\*.+ said:\*\*\n> /);
  await expect(thread.replyBox).toBeFocused();
  await thread.replyBox.fill('');

  await mine.getByRole('button', { name: 'Edit' }).click();
  const edited = `${text} (and on the plane)`;
  await mine.getByRole('textbox', { name: 'Edit your post' }).fill(edited);
  await mine.getByRole('button', { name: 'Save' }).click();
  await thread.toast('Post updated successfully!');
  const after = thread.post(edited);
  await expect(after.getByText('(edited)')).toBeVisible();
  await expect(after).toHaveAttribute('data-status', 'sent');
  await page.reload();
  // The thread opens at the first post not yet read, which may be above the reply (other specs' replies).
  await thread.scrollToEndFor(thread.post(edited));
  await expect(thread.post(edited).getByText('(edited)')).toBeVisible();

  await thread.post(edited).getByRole('button', { name: 'Delete' }).click();
  await expect(thread.dialog).toContainText('Are you sure you want to delete this post?');
  await thread.confirm('Delete');
  await thread.toast('Post deleted successfully!');
  await expect(thread.post(edited)).toHaveCount(0);
  const service = await serviceClient(baseURL!);
  await expect.poll(async () => (await service.from('posts').select('id').eq('content', edited)).data?.length).toBe(0);
});

test('a reply past 100,000 characters says so and cannot be sent; at the cap it can', async ({ page }) => {
  await signIn(page, MEMBER);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.short);
  await thread.replyBox.fill('x'.repeat(100_001));
  await expect(
    page.getByRole('alert').filter({ hasText: 'Content is too long (max 100,000 characters)' }),
  ).toBeVisible();
  await expect(thread.postReply).toBeDisabled();
  await thread.replyBox.fill('x'.repeat(100_000));
  await expect(page.getByText('Content is too long (max 100,000 characters)')).toHaveCount(0);
  await expect(thread.postReply).toBeEnabled();
});

test('a moderator deletes another member’s post, then the whole thread', async ({ page, baseURL }) => {
  const service = await serviceClient(baseURL!);
  const { data: category } = await service.from('categories').select('id').eq('slug', 'guapcoin-general').single();
  const slug = `moderation-target-${Date.now()}`;
  const { data: created, error } = await service
    .from('threads')
    .insert({ slug, title: 'A thread the moderator removes', category_id: category!.id, author_id: MEMBER_ID })
    .select('id')
    .single();
  expect(error).toBeNull();
  await service.from('posts').insert([
    { thread_id: created!.id, author_id: MEMBER_ID, content: 'Opening post to be moderated.', type: 'thread' },
    { thread_id: created!.id, author_id: MEMBER_ID, content: 'A reply breaking the rules.', type: 'reply' },
  ]);

  await signIn(page, MOD);
  const thread = new ThreadPage(page);
  await thread.open(slug);
  await thread.post('A reply breaking the rules.').getByRole('button', { name: 'Delete' }).click();
  await thread.confirm('Delete');
  await thread.toast('Post deleted successfully!');
  await expect(thread.post('A reply breaking the rules.')).toHaveCount(0);
  await expect
    .poll(async () => (await service.from('posts').select('id').eq('thread_id', created!.id)).data?.length)
    .toBe(1);

  await thread.deleteThreadButton.click();
  await expect(thread.dialog).toContainText(
    'Are you sure you want to delete this entire thread? This action cannot be undone.',
  );
  await thread.confirm('Delete Thread');
  await thread.toast('Thread deleted successfully!');
  await expect(page).toHaveURL('/');
  const { data: left } = await service.from('threads').select('id').eq('id', created!.id);
  expect(left).toEqual([]);
});

test('a member sees no Delete Thread and no Delete on others’ posts', async ({ page }) => {
  await signIn(page, MEMBER);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.rules);
  await expect(thread.deleteThreadButton).toHaveCount(0);
  await expect(thread.posts.first().getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(thread.posts.first().getByRole('button', { name: /^Quote / })).toBeVisible();
});

test('images in a post show as a 2-column gallery with a full-size view that Escape closes', async ({
  page,
  baseURL,
}) => {
  await signIn(page, MEMBER);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.introductions);
  const icon = `${baseURL}/icons/icon-192.png`;
  const text = `Two pictures ${Date.now()}\n\n![first](${icon}?a)\n![second](${icon}?b)`;
  await thread.reply(text);
  const post = thread.post(/Two pictures/);
  const gallery = post.getByRole('list', { name: 'Images' });
  await expect(gallery).toHaveAttribute('data-columns', '2');
  // The gallery shows the images; the text does not repeat them.
  await expect(post.locator('img')).toHaveCount(2);
  await gallery.getByRole('button').first().click();
  const viewer = page.getByRole('dialog', { name: 'Full-size image' });
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('the 201-post thread keeps only a window of posts in the page, and reaches the last one', async ({ page }) => {
  // Scrolled through 200 posts as they arrive: over 20 s on a quiet machine, so three times the default on a busy one.
  test.slow();
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.mega);
  await expect(page.getByRole('main').locator('header').getByText('200 replies')).toBeVisible();
  expect(await thread.posts.count()).toBeLessThanOrEqual(60);
  // The first posts come with the page; the rest arrive while it is read: scrolled until the last page is there.
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    await expect(thread.signInPrompt).toBeInViewport();
    await expect(page.locator('[data-page="10"][data-rendered="true"]')).toHaveCount(1, { timeout: 1_000 });
  }).toPass();
  expect(await thread.posts.count()).toBeLessThanOrEqual(80);
  await expect(thread.posts.last()).toBeVisible();
});

test('a link to a post deep in the 201-post thread, by the thread id, lands on that post', async ({
  page,
  baseURL,
}) => {
  const linked = await seededPostId(baseURL!, SEEDED.mega, 150);
  await page.goto(`/thread/${seededThreadId(SEEDED.mega)}#post-${linked}`);
  await expect(page).toHaveURL(new RegExp(`/t/${SEEDED.mega}#post-${linked}$`));
  const post = page.locator(`#post-${linked}`);
  await expect(post).toBeInViewport();
  await expect(post).toHaveAttribute('data-linked', 'true');
  // Only that post is marked, and the thread is still windowed around it once the jump has settled (the first posts
  // came with the page, and the pages around them may show for a moment before the rest arrive).
  await expect(page.locator('[data-linked]')).toHaveCount(1);
  const shown = new ThreadPage(page).posts;
  await expect.poll(() => shown.count()).toBeLessThanOrEqual(80);
});

test('screenshot and axe scan of a thread at 1280x800', async ({ page }) => {
  await signIn(page, MEMBER);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.rules);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await page.screenshot({ path: 'test-results/screens/desktop-thread.png' });
  await expectNoSeriousA11yViolations(page, 'thread');
});
