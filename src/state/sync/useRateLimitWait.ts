// The words for a post that waits out the server's rate limit, counting down each second; null for any other post.
import { useEffect, useState } from 'react';
import { rateLimitNotice } from '../../sync/rateLimitNotice.ts';
import { useSyncEngine, useSyncStatus } from './SyncContext.tsx';

export function useRateLimitWait(postId: string): string | null {
  const { rateLimit } = useSyncStatus();
  const engine = useSyncEngine();
  const waiting = rateLimit?.target === postId ? rateLimit : null;
  const [, tick] = useState(0);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => tick((n) => n + 1), 1_000);
    return () => clearInterval(timer);
  }, [waiting]);
  if (!waiting) return null;
  return rateLimitNotice(waiting.message, (waiting.until - engine.now) / 1000);
}
