// The signed-in member's unread message count for the header badge, read live from the mirror: it follows every
// pull and every message marked read on this device, with no polling (SPEC §9's 30 s refetch is the pull interval).
import { unreadCount } from '../../data/queries/messages.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

export function useUnreadCount(userId: string | null) {
  return useMirrorQuery((db) => (userId ? unreadCount(db, userId) : 0), [userId]);
}
