// The signed-in member's notifications for the bell, and its unread count, read live from the mirror: they follow
// every pull and every mark made on this device, online or not.
import { badgeCount, notificationList, unreadNotificationCount } from '../../data/queries/notifications.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

export function useNotificationsQuery(userId: string | null) {
  return useMirrorQuery((db) => (userId ? notificationList(db, userId) : []), [userId]);
}

export function useUnreadNotificationCount(userId: string | null) {
  return useMirrorQuery((db) => (userId ? unreadNotificationCount(db, userId) : 0), [userId]);
}

/** The app-icon badge: the unread notifications (a message is one), and pushes shown before their pull. */
export function useBadgeCount(userId: string | null) {
  return useMirrorQuery((db) => (userId ? badgeCount(db, userId) : 0), [userId]);
}
