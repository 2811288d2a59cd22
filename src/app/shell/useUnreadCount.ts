// The signed-in member's unread message count for the header badge, refetched every 30 s (SPEC §9).
import { useEffect, useState } from 'react';
import { useBackend } from '../../backend/BackendContext.tsx';

export const UNREAD_REFETCH_MS = 30_000;

export function useUnreadCount(userId: string | null): number {
  const client = useBackend();
  const [count, setCount] = useState({ userId, value: 0 });
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const load = async () => {
      const { count: value, error } = await client
        .from('messages')
        .select('id', { count: 'exact', head: true })
        .eq('recipient_id', userId)
        .eq('is_read', false);
      // A failed count keeps the last one: the badge is a hint, not worth an error on every screen.
      if (error) console.warn('Unread count unavailable', error.message);
      else if (live) setCount({ userId, value: value ?? 0 });
    };
    void load();
    const timer = window.setInterval(() => void load(), UNREAD_REFETCH_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [client, userId]);
  return count.userId === userId && userId ? count.value : 0;
}
