// Likes: member A likes B's post offline; on reconnect the like is sent once, and B's reputation grows by one on
// another device. The author sees the count on their own post; a visitor is offered sign-in.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from './support/test.ts';
import { ADMIN, MEMBER } from './support/accounts.ts';
import { signInQuickly } from './support/signIn.ts';
import { DESKTOP, PHONE } from './support/screens.ts';
import { ProfilePage } from './pages/ProfilePage.ts';
import { MEMBER_ID, SEEDED, seededThreadId, serviceClient, ThreadPage } from './pages/ThreadPage.ts';

const SCREENS = '/tmp/guap-screens/h-likes';

async function signedInPage(browser: Browser, account: { email: string; password: string }, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInQuickly(page, account, `/t/${SEEDED.welcome}`);
  const thread = new ThreadPage(page);
  await expect(thread.posts.first()).toBeVisible();
  return { context, page, thread };
}

/** What this device's mirror holds for a member's reputation: what its screens show. */
function mirroredReputation(page: Page, userId: string) {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('guap-mirror');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const row = await new Promise<{ reputation: number } | undefined>((resolve, reject) => {
      const get = db.transaction('profiles').objectStore('profiles').get(id);
      get.onsuccess = () => resolve(get.result as { reputation: number } | undefined);
      get.onerror = () => reject(get.error);
    });
    db.close();
    return row?.reputation;
  }, userId);
}

const likesText = (n: number) => `${n} ${n === 1 ? 'like' : 'likes'}`;
const likeOf = (post: Locator) => post.getByRole('button', { name: /^(Like|Unlike) \(/ });

test('a like made offline is sent once on reconnect, and the author gains one reputation on another device', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const service = await serviceClient(baseURL!);
  const { data: opening } = await service
    .from('posts')
    .select('id, author_id, like_count')
    .eq('thread_id', seededThreadId(SEEDED.welcome))
    .eq('is_first_post', true)
    .single();
  const post = opening as { id: string; author_id: string; like_count: number };
  expect(post.author_id).not.toBe(MEMBER_ID);
  const reputationOnServer = async () =>
    (
      (await service.from('profiles').select('reputation').eq('id', post.author_id).single()).data as {
        reputation: number;
      }
    ).reputation;
  const likesOnServer = async () =>
    (await service.from('post_likes').select('id').eq('post_id', post.id).eq('user_id', MEMBER_ID)).data?.length;
  const before = await reputationOnServer();

  // B, the author, on their own device: their post shows its count and cannot be liked by them.
  const author = await signedInPage(browser, ADMIN);
  const own = likeOf(author.thread.posts.first());
  await expect(own).toBeDisabled();
  await expect(own).toHaveAccessibleDescription('You cannot like your own post');
  await expect(own).toHaveText(String(post.like_count));
  await expect.poll(() => mirroredReputation(author.page, post.author_id)).toBe(before);

  // A likes B's post with no connection: shown at once, pressed, waiting to send, and nothing reaches the server.
  const liker = await signedInPage(browser, MEMBER);
  await liker.page.waitForLoadState('networkidle');
  const card = liker.thread.posts.first();
  await expect(likeOf(card)).toHaveAttribute('aria-pressed', 'false');
  await liker.context.setOffline(true);
  await likeOf(card).click();
  await expect(likeOf(card)).toHaveAttribute('aria-pressed', 'true');
  await expect(likeOf(card)).toHaveAccessibleName(`Unlike (${likesText(post.like_count + 1)})`);
  await expect(likeOf(card)).toHaveAttribute('data-status', 'sending');
  expect(await likesOnServer()).toBe(0);

  await liker.context.setOffline(false);
  await expect(likeOf(card)).toHaveAttribute('data-status', 'sent');
  await expect.poll(likesOnServer).toBe(1);
  expect(await reputationOnServer()).toBe(before + 1);
  // A reload neither sends it again nor loses the heart: the like is in the member's mirror.
  await liker.page.reload();
  await expect(likeOf(liker.thread.posts.first())).toHaveAttribute('aria-pressed', 'true');
  expect(await likesOnServer()).toBe(1);

  mkdirSync(SCREENS, { recursive: true });
  await liker.page.screenshot({ path: join(SCREENS, 'thread-liked-1280x800.png') });

  // B's other device pulls the new reputation and count (a focus pulls, as when the member comes back to the tab).
  await expect
    .poll(async () => {
      await author.page.evaluate(() => window.dispatchEvent(new Event('focus')));
      return mirroredReputation(author.page, post.author_id);
    })
    .toBe(before + 1);
  await expect(own).toHaveText(String(post.like_count + 1));
  // B's profile on that device shows it too: the figure and the bar grow by one.
  const profile = new ProfilePage(author.page);
  await profile.open();
  await expect(profile.summary).toContainText(`Reputation${before + 1}`);
  await expect(profile.summary.getByRole('meter', { name: 'Reputation' })).toHaveAttribute(
    'aria-valuenow',
    String(Math.min(100, (before + 1) / 10)),
  );

  // Taken back: the heart goes, and so does the reputation.
  await likeOf(liker.thread.posts.first()).click();
  await expect(likeOf(liker.thread.posts.first())).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(likesOnServer).toBe(0);
  expect(await reputationOnServer()).toBe(before);
  await author.context.close();
  await liker.context.close();
});

test('a visitor is offered sign-in instead of a like, and the phone shows the hearts', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.welcome);
  const signIn = thread.posts.first().getByRole('link', { name: /^Like \(/ });
  await expect(signIn).toHaveAttribute('href', '/auth');
  await expect(signIn).toHaveAccessibleDescription('Sign in to like posts');
  // The thread's own prompt keeps its name to itself.
  await expect(thread.signInPrompt).toHaveCount(1);
  await context.close();

  const liker = await signedInPage(browser, MEMBER, PHONE);
  await likeOf(liker.thread.posts.first()).click();
  await expect(likeOf(liker.thread.posts.first())).toHaveAttribute('data-status', 'sent');
  await expect(liker.page.locator('[data-sonner-toast]')).toHaveCount(0);
  mkdirSync(SCREENS, { recursive: true });
  await liker.page.screenshot({ path: join(SCREENS, 'thread-liked-390x844.png') });
  await likeOf(liker.thread.posts.first()).click();
  await expect(likeOf(liker.thread.posts.first())).toHaveAttribute('aria-pressed', 'false');
  await liker.context.close();
});
