// The shell's counts, read live from the mirror: they follow every pull and every mark made on this device, online or
// not, with no polling (SPEC §9's 30 s refetch is the pull interval).
import { badgeCount, unreadCount, unreadNotificationCount } from '../../data/queries/unreadCounts.ts';
import { useMemberQuery } from './useMirrorQuery.ts';

/** Unread messages, for the header's and the sidebar's Messages badge. */
export function useUnreadCount(userId: string | null) {
  return useMemberQuery(userId, unreadCount, [], 0);
}

export function useUnreadNotificationCount(userId: string | null) {
  return useMemberQuery(userId, unreadNotificationCount, [], 0);
}

/** The app-icon badge: the unread notifications (a message is one), and pushes shown before their pull. */
export function useBadgeCount(userId: string | null) {
  return useMemberQuery(userId, badgeCount, [], 0);
}
