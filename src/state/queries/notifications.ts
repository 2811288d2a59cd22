// The signed-in member's notifications for the bell, read live from the mirror: they follow every pull and every mark
// made on this device, online or not (the counts are in unreadCounts.ts).
import { notificationList } from '../../data/queries/notifications.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

export function useNotificationsQuery(userId: string | null) {
  return useMirrorQuery((db) => (userId ? notificationList(db, userId) : []), [userId]);
}
