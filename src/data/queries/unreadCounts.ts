// The counts the shell shows on every screen: unread messages on the Messages badge, unread notifications on the
// bell, and the app-icon badge. Apart from the lists they count, so the first screen loads only these.
import type { Mirror } from '../mirror.ts';

export function unreadCount(db: Mirror, userId: string): Promise<number> {
  return db.messages.where('[recipient_id+_unread]').equals([userId, 1]).count();
}

export function unreadNotificationCount(db: Mirror, userId: string): Promise<number> {
  return db.notifications.where('[recipient_id+_unread]').equals([userId, 1]).count();
}

/** The app-icon badge: unread notifications, and the pushes shown whose notification has not been pulled yet. */
export async function badgeCount(db: Mirror, userId: string): Promise<number> {
  const [unread, pushed] = await Promise.all([
    unreadNotificationCount(db, userId),
    db.pushedNotifications.toCollection().primaryKeys(),
  ]);
  const pulled = await db.notifications.bulkGet(pushed);
  return unread + pulled.filter((n) => n === undefined).length;
}
