// The notification centre end to end: a reply reaches the thread author's bell, whose click lands on the post; a
// push delivered to the service worker (over CDP, as a push service would) shows a notification whose click opens
// the message. Screenshots of the bell's panel at both sizes go to /tmp/guap-screens/h-bell.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page, type Worker } from './support/test.ts';
import { SettingsPage } from './pages/SettingsPage.ts';
import { MEMBER_ID, serviceClient } from './pages/ThreadPage.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { DESKTOP, PHONE } from './support/screens.ts';
import { newMember } from './support/newMember.ts';
import { backgroundSyncRefused, registrationIdOf } from './support/serviceWorker.ts';

const SCREENS = '/tmp/guap-screens/h-bell';

test.use({ viewport: DESKTOP, serviceWorkers: 'allow' });

async function memberId(baseURL: string, username: string) {
  const service = await serviceClient(baseURL);
  const { data } = await service.from('profiles').select('id').eq('username', username).single();
  return (data as { id: string }).id;
}

/** A thread by `authorId`, and a reply in it by the seeded member: answers both ids and the title. */
async function threadWithReply(baseURL: string, authorId: string) {
  const service = await serviceClient(baseURL);
  const { data: categories } = await service.from('categories').select('id').order('order_index').limit(1);
  const threadId = randomUUID();
  const replyId = randomUUID();
  const title = `Bell check ${Date.now()}`;
  const inserts = [
    await service.from('threads').insert({
      id: threadId,
      slug: `bell-check-${threadId}`,
      title,
      category_id: (categories as { id: string }[])[0]!.id,
      author_id: authorId,
    }),
    await service.from('posts').insert({
      thread_id: threadId,
      author_id: authorId,
      content: 'Who can help with this?',
      type: 'thread',
      is_first_post: true,
    }),
    await service.from('posts').insert({
      id: replyId,
      thread_id: threadId,
      author_id: MEMBER_ID,
      content: 'Here is how I solved it.',
      type: 'reply',
    }),
  ];
  for (const insert of inserts) expect(insert.error).toBeNull();
  return { threadId, replyId, title };
}

/** Asks the app to pull now, as a member's return to the tab does, until the bell shows `name`. */
async function pullUntilBell(page: Page, name: string) {
  const bell = page.getByTestId('notifications-bell');
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(bell).toHaveAccessibleName(name, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('a reply to B’s thread shows in B’s bell, and its click lands on that post', async ({ page, baseURL }) => {
  const account = await newMember(page, page.request, 'bell');
  const { threadId, replyId, title } = await threadWithReply(baseURL!, await memberId(baseURL!, account.username));
  await pullUntilBell(page, 'Notifications, 1 unread');

  const bell = page.getByTestId('notifications-bell');
  await bell.click();
  const panel = page.getByTestId('notifications-panel');
  const item = panel.getByTestId('notification');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`replied to "${title}"`);
  await expect(item).toContainText('just now');
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/bell-panel-1280x800.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SCREENS}/bell-panel-390x844.png` });
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page, 'the bell panel');

  await item.click();
  // The link is /thread/{id}#post-{id}; the thread page then shows its address by slug, keeping the post.
  await expect(page).toHaveURL(new RegExp(`/t/bell-check-${threadId}#post-${replyId}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator(`#post-${replyId}`)).toContainText('Here is how I solved it.');
  await expect(bell).toHaveAccessibleName('Notifications');

  const service = await serviceClient(baseURL!);
  await expect
    .poll(async () => {
      const { data } = await service.from('notifications').select('read_at').eq('post_id', replyId);
      return (data as { read_at: string | null }[]).map((n) => n.read_at !== null);
    })
    .toEqual([true]);
});

test('the bell lists and reaches every unread notification its count says: 21, ten of them behind 50 newer read ones', async ({
  page,
  baseURL,
}) => {
  const account = await newMember(page, page.request, 'manybell');
  const recipientId = await memberId(baseURL!, account.username);
  const { threadId } = await threadWithReply(baseURL!, recipientId);
  const service = await serviceClient(baseURL!);
  const posts = Array.from({ length: 71 }, (_, i) => ({
    id: randomUUID(),
    thread_id: threadId,
    author_id: MEMBER_ID,
    content: `Reply number ${i}`,
    type: 'reply',
  }));
  expect((await service.from('posts').insert(posts)).error).toBeNull();
  // The replies' own notifications are replaced by the reported mix, oldest first: ten unread from yesterday, fifty
  // read ones an hour later, and eleven unread newest. The newest 50 hold only eleven of the 21 unread.
  expect((await service.from('notifications').delete().eq('recipient_id', recipientId)).error).toBeNull();
  const day = Date.now() - 24 * 3600_000;
  const unreadAt = (i: number) => i < 10 || i >= 60;
  const { error } = await service.from('notifications').insert(
    posts.map((post, i) => ({
      recipient_id: recipientId,
      actor_id: MEMBER_ID,
      kind: 'mention',
      thread_id: threadId,
      post_id: post.id,
      created_at: new Date(day + i * 60_000 + (i < 10 ? 0 : 3600_000)).toISOString(),
      read_at: unreadAt(i) ? null : new Date().toISOString(),
    })),
  );
  expect(error).toBeNull();
  await pullUntilBell(page, 'Notifications, 21 unread');
  await page.getByTestId('notifications-bell').click();
  const panel = page.getByTestId('notifications-panel');
  await expect(panel.getByRole('img', { name: 'Unread' })).toHaveCount(21);
  // Each unread one can be reached: scrolled to within the panel's list, it is what a tap there lands on.
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    const reached = await panel.getByTestId('notification').evaluateAll(
      (items) =>
        items.filter((item) => {
          item.scrollIntoView({ block: 'nearest' });
          const box = item.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit !== null && item.contains(hit) && item.querySelector('[aria-label="Unread"]') !== null;
        }).length,
    );
    expect(reached, `at ${size.width}x${size.height}`).toBe(21);
  }
  await page.setViewportSize(DESKTOP);
});

test('offline, the bell reads from the mirror, and Mark all read is sent when back online', async ({
  page,
  context,
  baseURL,
}) => {
  // Only the page sends (see backgroundSyncRefused): the browser's sync would let the worker send while "offline".
  await backgroundSyncRefused(context);
  const account = await newMember(page, page.request, 'offbell');
  const { replyId, title } = await threadWithReply(baseURL!, await memberId(baseURL!, account.username));
  await pullUntilBell(page, 'Notifications, 1 unread');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.reload();
  const bell = page.getByTestId('notifications-bell');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  await expect(page.getByTestId('notification')).toContainText(`replied to "${title}"`);
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

  const service = await serviceClient(baseURL!);
  const read = async () => {
    const { data } = await service.from('notifications').select('read_at').eq('post_id', replyId);
    return (data as { read_at: string | null }[]).map((n) => n.read_at !== null);
  };
  expect(await read()).toEqual([false]);
  await context.setOffline(false);
  await expect.poll(read).toEqual([true]);
});

test('the push toggle stays off and says why when this device cannot subscribe', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: new URL(baseURL!).origin });
  const account = await newMember(page, page.request, 'nopush');
  const settings = new SettingsPage(page);
  await settings.open('Notifications');
  const toggle = settings.switch('Push notifications on this device');
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  // No push service can be reached from here: without a server key, or with one, subscribing cannot succeed.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /Push notifications/ })).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  const service = await serviceClient(baseURL!);
  const { data } = await service
    .from('profiles')
    .select('notification_preferences')
    .eq('username', account.username)
    .single();
  expect((data as { notification_preferences: { pushEnabled: boolean } }).notification_preferences.pushEnabled).toBe(
    false,
  );
});

/** The service worker of the page's origin, once it controls the page. */
async function controllingWorker(page: Page): Promise<Worker> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const origin = new URL(page.url()).origin;
  await expect
    .poll(() =>
      page
        .context()
        .serviceWorkers()
        .some((w) => w.url().startsWith(origin)),
    )
    .toBe(true);
  return page
    .context()
    .serviceWorkers()
    .find((w) => w.url().startsWith(origin))!;
}

/** The parts of the worker's global scope these checks use (the specs are typed for pages, not workers). */
interface WorkerScope {
  registration: { getNotifications(): Promise<Notification[]> };
  dispatchEvent(event: Event): boolean;
  addEventListener(type: 'push', listener: () => void): void;
  /** Counted by the test's own listener. */
  pushesReceived: number;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

test('a push delivered to B’s service worker shows a notification, whose click opens the message', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  const account = await newMember(page, page.request, 'pushed');
  const recipient = await memberId(baseURL!, account.username);
  const service = await serviceClient(baseURL!);
  const messageId = randomUUID();
  const sent = await service.from('messages').insert({
    id: messageId,
    sender_id: MEMBER_ID,
    recipient_id: recipient,
    subject: 'Meetup on Friday?',
    content: 'Are you coming to the meetup?',
  });
  expect(sent.error).toBeNull();
  const { data: rows } = await service.from('notifications').select('id').eq('message_id', messageId);
  const notificationId = (rows as { id: string }[])[0]!.id;
  const payload = {
    title: 'member',
    body: 'Meetup on Friday?',
    tag: `message-${messageId}`,
    url: `/messages?message=${messageId}`,
    notificationId,
  };

  const worker = await controllingWorker(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  const cdp = await context.newCDPSession(page);
  const delivery = { origin, registrationId: await registrationIdOf(cdp, scope), data: JSON.stringify(payload) };
  // CDP answers before the push reaches the worker and reports no failure after. So the worker counts what it
  // receives (a listener beside the app's own), and a push not received in 10 s is delivered again, as a push
  // service redelivers one that was not acknowledged: what follows checks what the worker did with a push it got.
  await worker.evaluate(() => {
    const sw = self as unknown as WorkerScope;
    sw.pushesReceived = 0;
    sw.addEventListener('push', () => (sw.pushesReceived += 1));
  });
  const received = () => worker.evaluate(() => (self as unknown as WorkerScope).pushesReceived);
  await expect(async () => {
    if ((await received()) === 0) await cdp.send('ServiceWorker.deliverPushMessage', delivery);
    await expect.poll(received, { timeout: 10_000 }).toBeGreaterThan(0);
  }).toPass({ timeout: 40_000 });

  const shown = () =>
    worker.evaluate(async () => {
      const sw = self as unknown as WorkerScope;
      return (await sw.registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      }));
    });
  // Showing goes through the browser's notification store: on a loaded machine nothing had shown after 15 s.
  await expect.poll(shown, { timeout: 45_000 }).toEqual([
    {
      title: 'member',
      body: 'Meetup on Friday?',
      tag: `message-${messageId}`,
      data: { url: payload.url, notificationId },
    },
  ]);

  // CDP cannot click a notification: the worker's own notificationclick listener gets the shown notification in a
  // NotificationEvent, as the browser would hand it over.
  await worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope;
    const [notification] = await sw.registration.getNotifications();
    sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(page).toHaveURL(`${origin}/messages?message=${messageId}`);
  await expect.poll(shown).toEqual([]);
});
