// Push notifications: a push always shows a notification, is recorded in the mirror as delivered and updates the
// app badge; a click on one opens its screen in a window of the app, or a new one.
/// <reference lib="webworker" />
import { openMirror } from '../src/data/mirror.ts';
import { badgeCount } from '../src/data/queries/unreadCounts.ts';
import { notificationForPush } from './pushNotification.ts';

declare const self: ServiceWorkerGlobalScope;

/** The badge from the mirror, for the member signed in here: the same count the page sets. */
async function recordDelivered(notificationId: string | null) {
  const db = openMirror();
  try {
    const session = await db.workerSession.get('session');
    if (!session) return;
    if (notificationId && !(await db.notifications.get(notificationId))) {
      await db.pushedNotifications.put({ id: notificationId, at: Date.now() });
    }
    const count = await badgeCount(db, session.userId);
    await (count > 0 ? self.navigator.setAppBadge(count) : self.navigator.clearAppBadge());
  } finally {
    db.close();
  }
}

async function showPush(text: string | null) {
  const { title, options } = notificationForPush(text, self.location.origin);
  // Shown first: whatever happens to the mirror, the push is never silent.
  await self.registration.showNotification(title, options);
  await recordDelivered(options.data.notificationId);
}

/** Focus is the browser's to allow (within a notification click); refused, the window stays where it is, navigated. */
async function focusIfAllowed(client: WindowClient) {
  try {
    await client.focus();
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'InvalidAccessError')) throw error;
  }
}

async function openScreen(url: string) {
  const [open] = await self.clients.matchAll({ type: 'window' });
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  await focusIfAllowed((await open.navigate(url)) ?? open);
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event.data?.text() ?? null));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openScreen(typeof data?.url === 'string' ? data.url : '/'));
});
