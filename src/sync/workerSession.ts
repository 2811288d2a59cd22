// The service worker's copy of the access token, for its Background Sync flush with no tab open.
import type { Session } from '@supabase/supabase-js';
import type { Mirror } from '../data/mirror.ts';

/** Keeps the copy current; removes it when nobody is signed in. */
export async function shareSession(db: Mirror, backend: { url: string; anonKey: string }, session: Session | null) {
  if (!session?.expires_at) {
    await db.workerSession.clear();
    return;
  }
  await db.workerSession.put({
    key: 'session',
    ...backend,
    userId: session.user.id,
    accessToken: session.access_token,
    expiresAt: session.expires_at,
  });
}
