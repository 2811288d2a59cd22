// /moderation against the real local stack: who gets in (a member is refused, a moderator sees only Reports), an
// admin's ban with 'Delete all posts by this user' reaching another member's mirror and its unban, and a member's
// report dismissed by a moderator with both in the admin's Log. Every tab is shot at 1280x800 and 390x844.
import '../../supabase/local/noRealtimeSocket.ts';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect, test, type Browser, type Page } from './support/test.ts';
import { E2E_JWT_SECRET } from '../../playwright.config.ts';
import { makeKeys } from '../../supabase/local/jwt.ts';
import { MEMBER_ID, SEEDED, seededThreadId, serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { ADMIN, freshAccount, MEMBER, MODERATOR as MOD } from './support/accounts.ts';
import { signInQuickly } from './support/signIn.ts';
import { DESKTOP, PHONE } from './support/screens.ts';

test.use({ viewport: DESKTOP });

const SCREENS = '/tmp/guap-screens/h-modpanel';
type Account = { email: string; password: string };

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

/** The screen at both sizes, back at the desktop size after. */
async function shoot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    // Nothing wider than the screen: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `${SCREENS}/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

const signIn = (page: Page, account: Account) => signInQuickly(page, account);

async function signedInPage(browser: Browser, account: Account) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/** supabase-js signed in as a member, as another device of theirs would be. */
async function memberClient(baseURL: string, account: Account): Promise<SupabaseClient> {
  const { anonKey } = await makeKeys(E2E_JWT_SECRET, baseURL);
  const client = createClient(baseURL, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await client.auth.signInWithPassword(account);
  expect(error).toBeNull();
  return client;
}

/** Whether the page's mirror (IndexedDB 'guap-mirror') holds the post. */
function mirrorHoldsPost(page: Page, postId: string): Promise<boolean> {
  return page.evaluate(
    (id) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('guap-mirror');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('posts').objectStore('posts').get(id);
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            db.close();
            resolve(read.result !== undefined);
          };
        };
      }),
    postId,
  );
}

/** A member made through the admin API, with a confirmed address, who writes `replies` replies in a thread. */
async function memberWithReplies(baseURL: string, prefix: string, threadId: string, replies: string[]) {
  const service = await serviceClient(baseURL);
  const account = freshAccount(prefix);
  const created = await service.auth.admin.createUser({
    email: account.email,
    password: account.password,
    email_confirm: true,
    user_metadata: { username: account.username, display_name: `${prefix} member` },
  });
  expect(created.error).toBeNull();
  const id = created.data.user!.id;
  const client = await memberClient(baseURL, account);
  const posts = replies.map((content) => ({
    id: randomUUID(),
    thread_id: threadId,
    author_id: id,
    content,
    type: 'reply',
  }));
  for (const post of posts) expect((await client.from('posts').insert(post)).error).toBeNull();
  return { ...account, id, posts };
}

test('a member sees Access Denied with their role and id; a moderator too, with a link to their report queue', async ({
  page,
  browser,
}) => {
  await signIn(page, MEMBER);
  await page.goto('/moderation');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You must be an administrator to access this page.')).toBeVisible();
  await expect(page.getByTestId('current-role')).toHaveText('user');
  for (const name of ['Clear session', 'Refresh', 'Sign out and sign in again'])
    await expect(page.getByRole('button', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'report queue' })).toHaveCount(0);
  await shoot(page, 'access-denied');
  // The report queue is staff's: a member is refused there too, and the sidebar does not offer it.
  await page.goto('/reports');
  await expect(page.getByText('You must be a moderator or an administrator to access this page.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' })).toHaveCount(0);

  const mod = await signedInPage(browser, MOD);
  // No request of a moderator's visit is refused: the page asks only what their role may read.
  const refused: string[] = [];
  mod.on('response', (response) => {
    if (response.status() === 401 || response.status() === 403) refused.push(`${response.status()} ${response.url()}`);
  });
  await mod.goto('/moderation');
  await expect(mod.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(mod.getByTestId('current-role')).toHaveText('moderator');
  await expect(mod.getByRole('tab')).toHaveCount(0);
  await shoot(mod, 'access-denied-moderator');
  await mod.getByRole('link', { name: 'report queue' }).click();
  await expect(mod).toHaveURL(/\/reports$/);
  await expect(mod.getByRole('heading', { name: 'Reports' })).toBeVisible();
  // The queue has loaded: empty, or holding what other specs reported.
  const queue = mod.getByText('No open reports').or(mod.getByTestId('open-report').first());
  await expect(queue).toBeVisible();
  await expect(mod.getByRole('link', { name: 'Bulk create threads' })).toHaveCount(0);
  const sidebarReports = mod.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' });
  await expect(sidebarReports).toHaveAttribute('href', '/reports');
  await shoot(mod, 'reports-empty');
  // Online only: offline, it says so instead of spinning, and loads again on reconnect.
  await mod.waitForLoadState('networkidle');
  await mod.context().setOffline(true);
  await expect(mod.getByText('The report queue needs a connection.')).toBeVisible();
  await shoot(mod, 'offline');
  await mod.context().setOffline(false);
  await expect(queue).toBeVisible();
  expect(refused).toEqual([]);
  await mod.context().close();
});

test("an admin bans a member deleting their posts, which leave another member's mirror, then unbans them", async ({
  page,
  browser,
  baseURL,
}) => {
  const threadId = seededThreadId(SEEDED.welcome);
  const target = await memberWithReplies(baseURL!, 'banme', threadId, [
    'Buy cheap followers at my totally legit site today',
    'Second spam reply that should vanish with the ban',
  ]);

  // Another member has the thread on their device, the target's replies in it.
  const reader = await signedInPage(browser, MEMBER);
  const thread = new ThreadPage(reader);
  await thread.open(threadId);
  await expect(thread.post('Second spam reply that should vanish')).toBeVisible();

  await signIn(page, ADMIN);
  await page.goto('/moderation');
  await expect(tab(page, 'Users')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('moderation-user').first()).toBeVisible();
  // The admin themself is not listed.
  await page.getByRole('searchbox', { name: 'Search users by username or email' }).fill('guapadmin');
  await expect(page.getByText('No users match your search.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users by username or email' }).fill(target.email.toUpperCase());
  const row = page.getByTestId('moderation-user').filter({ hasText: `@${target.username}` });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('moderation-user')).toHaveCount(1);
  await expect(row).toContainText(target.email);
  await expect(row).toContainText('just now');
  await shoot(page, 'users');

  await row.getByRole('button', { name: 'Ban User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Ban User' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please provide a reason for the ban');
  await dialog.getByLabel('Reason').fill('Spam links in the welcome thread');
  await dialog.getByLabel('Delete all posts by this user').click();
  await shoot(page, 'ban-dialog');
  await dialog.getByRole('button', { name: 'Ban User' }).click();
  await expect(dialog).toContainText(
    `Are you sure you want to ban ${target.username}? All of ${target.username}'s posts will be deleted.`,
  );
  await shoot(page, 'ban-confirm');
  await dialog.getByRole('button', { name: 'Ban User' }).click();
  await expect(toast(page, 'User banned successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Banned');

  // The other member's device pulls the deletion (a focus pulls) and the thread shows the replies no more.
  for (const post of target.posts)
    await expect
      .poll(async () => {
        await reader.evaluate(() => window.dispatchEvent(new Event('focus')));
        return mirrorHoldsPost(reader, post.id);
      })
      .toBe(false);
  await expect(thread.post('Second spam reply that should vanish')).toHaveCount(0);
  await expect(thread.post('Buy cheap followers')).toHaveCount(0);
  await reader.context().close();

  await tab(page, 'Banned').click();
  const banned = page.getByTestId('banned-user').filter({ hasText: `@${target.username}` });
  await expect(banned).toContainText(target.email);
  await expect(banned).toContainText('Spam links in the welcome thread');
  await expect(banned).toContainText('Posts deleted');
  await expect(banned).toContainText(/Banned (just now|\dm ago)/);
  await shoot(page, 'banned');

  await banned.getByRole('button', { name: `Unban ${target.username}` }).click();
  await expect(toast(page, 'User unbanned successfully')).toBeVisible();
  await expect(banned).toHaveCount(0);
  const service = await serviceClient(baseURL!);
  const { data } = await service.from('profiles').select('is_banned').eq('id', target.id).single();
  expect(data).toEqual({ is_banned: false });
});

test("a member's report is dismissed by a moderator, and the admin's Log shows both", async ({
  page,
  browser,
  baseURL,
}) => {
  // Several pages and many steps: over 15 s on a quiet machine, so three times the default on a busy one.
  test.slow();
  const threadId = seededThreadId(SEEDED.introductions);
  const author = await memberWithReplies(baseURL!, 'reported', threadId, ['Join my pump group for guaranteed profits']);
  const postId = author.posts[0]!.id;
  // The member reports it with the post's Report button, and their outbox sends it.
  const reporter = await signedInPage(browser, MEMBER);
  const thread = new ThreadPage(reporter);
  await thread.open(SEEDED.introductions);
  const post = thread.post('Join my pump group');
  await post.getByRole('button', { name: /^Report post by / }).click();
  const reportDialog = reporter.getByRole('dialog', { name: 'Report post' });
  await reportDialog.getByLabel('Other').check();
  await reportDialog.getByLabel('Why are you reporting this post?').fill('Promises guaranteed profits');
  await reportDialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(post.getByText('Reported', { exact: true })).toBeVisible();
  const service = await serviceClient(baseURL!);
  const reportOf = async () =>
    (await service.from('post_reports').select('status').eq('post_id', postId).maybeSingle()).data;
  await expect.poll(reportOf).toEqual({ status: 'open' });
  await reporter.context().close();

  const mod = await signedInPage(browser, MOD);
  await mod.goto('/reports');
  const card = mod.getByTestId('open-report').filter({ hasText: 'Join my pump group' });
  await expect(card).toContainText('1 report');
  await expect(card).toContainText(`@${author.username}`);
  await expect(card).toContainText('Other');
  await expect(card).toContainText('Promises guaranteed profits');
  await expect(card.getByRole('link', { name: 'Open post' })).toHaveAttribute(
    'href',
    `/thread/${threadId}#post-${postId}`,
  );
  // Banning is an admin's: a moderator is not offered it.
  await expect(card.getByRole('button', { name: 'Ban author' })).toHaveCount(0);
  await shoot(mod, 'reports-moderator');
  await card.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await expect(toast(mod, 'Reports dismissed')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(await reportOf()).toEqual({ status: 'dismissed' });
  await mod.context().close();

  await signIn(page, ADMIN);
  await page.goto('/moderation');
  await tab(page, 'Reports').click();
  await expect(page.getByTestId('open-report').filter({ hasText: 'Join my pump group' })).toHaveCount(0);
  await shoot(page, 'reports-admin');
  await tab(page, 'Log').click();
  const entries = page.getByTestId('log-entry');
  const reported = entries.filter({ hasText: 'Report post: Other' }).filter({ hasText: `@${author.username}` });
  await expect(reported).toContainText('@guapmember');
  await expect(reported).toContainText('Promises guaranteed profits');
  const dismissed = entries.filter({ hasText: 'Dismiss report' }).filter({ hasText: `@${author.username}` });
  await expect(dismissed).toContainText('@guapmod');
  await shoot(page, 'log');

  // The filters: by action, then by actor, narrow the list on the server.
  await page.getByLabel('Action').selectOption('Dismiss report');
  await expect(reported).toHaveCount(0);
  await expect(dismissed).toHaveCount(1);
  await expect(entries.filter({ hasNotText: 'Dismiss report' })).toHaveCount(0);
  await page.getByLabel('Actor').fill('guapmember');
  await expect(page.getByText('No log entries match these filters.')).toBeVisible();
  await shoot(page, 'log-filtered');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(reported).toHaveCount(1);
});

test("an admin changes a new member's role from the Users table, asked first, and the Log records it", async ({
  page,
  baseURL,
}) => {
  // Made after the admin's device pulled: the role change pulls them in before it is queued.
  await signIn(page, ADMIN);
  const member = await memberWithReplies(baseURL!, 'promote', seededThreadId(SEEDED.introductions), []);
  await page.goto('/moderation');
  await page.getByRole('searchbox', { name: 'Search users by username or email' }).fill(member.username);
  const row = page.getByTestId('moderation-user').filter({ hasText: `@${member.username}` });
  const select = row.getByRole('combobox', { name: `Role of ${member.username}` });
  // The search's answer, not the unsearched first page that also holds the newest member.
  await expect(page.getByTestId('moderation-user')).toHaveCount(1);
  const chosen = select.locator('option:checked');
  await expect(chosen).toHaveText('User');
  // On a 390 px phone, the row with its long email fits the screen.
  await page.setViewportSize(PHONE);
  await expect
    .poll(async () => {
      const box = await row.boundingBox();
      return box ? box.x + box.width : Infinity;
    })
    .toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'users-found');
  await select.selectOption({ label: 'Moderator' });
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText("Are you sure you want to change this user's role to moderator?");
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(toast(page, 'User role updated successfully')).toBeVisible();
  await expect(chosen).toHaveText('Moderator');
  const service = await serviceClient(baseURL!);
  const { data } = await service.from('profiles').select('role').eq('id', member.id).single();
  expect(data).toEqual({ role: 'moderator' });

  await tab(page, 'Log').click();
  await page.getByLabel('Action').selectOption('Role change');
  const entry = page.getByTestId('log-entry').filter({ hasText: `@${member.username}` });
  await expect(entry).toContainText('Role change: User → Moderator');
  await expect(entry).toContainText('@guapadmin');
});

test('a list that fails to load says so, and Try again loads it', async ({ page }) => {
  await signIn(page, ADMIN);
  // A 500 stands in for a broken server, for the users list only.
  const users = '**/rest/v1/rpc/moderation_users';
  await page.route(users, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"internal error"}' }),
  );
  await page.goto('/moderation');
  const failure = page.getByRole('alert').filter({ hasText: 'Failed to load users' });
  await expect(failure).toBeVisible();
  await shoot(page, 'users-failed');
  await page.unroute(users);
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('moderation-user').first()).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('an admin deletes a reported post from the Reports tab; its reports are resolved and the Log says so', async ({
  page,
  baseURL,
}) => {
  const author = await memberWithReplies(baseURL!, 'deleted', seededThreadId(SEEDED.introductions), [
    'Claim your free airdrop today, spots are limited',
  ]);
  const postId = author.posts[0]!.id;
  const reporter = await memberClient(baseURL!, MEMBER);
  expect((await reporter.from('post_reports').insert({ post_id: postId, reason: 'spam' })).error).toBeNull();

  await signIn(page, ADMIN);
  await page.goto('/moderation');
  await tab(page, 'Reports').click();
  const card = page.getByTestId('open-report').filter({ hasText: 'free airdrop' });
  await expect(card).toContainText('Spam');
  await card.getByRole('button', { name: 'Delete post' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this post?');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Post deleted successfully!')).toBeVisible();
  await expect(card).toHaveCount(0);
  const service = await serviceClient(baseURL!);
  expect((await service.from('posts').select('id').eq('id', postId)).data).toEqual([]);

  await tab(page, 'Log').click();
  const entries = page.getByTestId('log-entry').filter({ hasText: `@${author.username}` });
  await expect(entries.filter({ hasText: 'Resolve report (1 report, post deleted)' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Delete post' })).toContainText('@guapadmin');
});

test("an admin bans a reported post's author from the Reports tab; the report is resolved and they are under Banned", async ({
  page,
  baseURL,
}) => {
  const author = await memberWithReplies(baseURL!, 'banauthor', seededThreadId(SEEDED.introductions), [
    'Cheap GUAPX below market, message me privately',
  ]);
  const postId = author.posts[0]!.id;
  const reporter = await memberClient(baseURL!, MEMBER);
  expect((await reporter.from('post_reports').insert({ post_id: postId, reason: 'spam' })).error).toBeNull();

  await signIn(page, ADMIN);
  await page.goto('/moderation');
  await tab(page, 'Reports').click();
  const card = page.getByTestId('open-report').filter({ hasText: 'below market' });
  await card.getByRole('button', { name: 'Ban author' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Ban ${author.username}`);
  await dialog.getByLabel('Reason').fill('Selling coins off-platform');
  await dialog.getByRole('button', { name: 'Ban User' }).click();
  await expect(dialog).toContainText(`Are you sure you want to ban ${author.username}?`);
  await dialog.getByRole('button', { name: 'Ban User' }).click();
  await expect(toast(page, 'User banned successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
  const service = await serviceClient(baseURL!);
  expect((await service.from('post_reports').select('status').eq('post_id', postId)).data).toEqual([
    { status: 'resolved' },
  ]);

  await tab(page, 'Banned').click();
  const banned = page.getByTestId('banned-user').filter({ hasText: `@${author.username}` });
  await expect(banned).toContainText('Selling coins off-platform');
  await expect(banned).not.toContainText('Posts deleted');
  await banned.getByRole('button', { name: `Unban ${author.username}` }).click();
  await expect(toast(page, 'User unbanned successfully')).toBeVisible();
});

test("the Log names the thread of a pin, a lock and a move, and a move's two categories", async ({ page, baseURL }) => {
  const service = await serviceClient(baseURL!);
  const { data: categories } = await service.from('categories').select('id, name').order('order_index').limit(2);
  const [from, to] = categories as { id: string; name: string }[];
  const id = randomUUID();
  const title = `Audit trail ${Date.now()}`;
  const thread = { id, slug: `audit-trail-${id}`, title, category_id: from!.id, author_id: MEMBER_ID };
  expect((await service.from('threads').insert(thread)).error).toBeNull();
  const mod = await memberClient(baseURL!, MOD);
  for (const change of [{ is_pinned: true }, { is_locked: true }, { category_id: to!.id }]) {
    expect((await mod.from('threads').update(change).eq('id', id)).error).toBeNull();
  }

  await signIn(page, ADMIN);
  await page.goto('/moderation');
  await tab(page, 'Log').click();
  const entries = page.getByTestId('log-entry').filter({ hasText: title });
  await expect(entries).toHaveCount(3);
  for (const what of ['Pin', 'Lock', `Move thread: ${from!.name} → ${to!.name}`]) {
    const entry = entries.filter({ hasText: what });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole('link', { name: `“${title}”` })).toHaveAttribute('href', `/thread/${id}`);
    await expect(entry).toContainText('@guapmod');
  }
  await shoot(page, 'log-thread-tools');
});
