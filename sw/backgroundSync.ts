// Background Sync: when the connection returns, send the outbox even if no tab of the forum is open.
/// <reference lib="webworker" />
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../src/backend/database.ts';
import { openMirror } from '../src/data/mirror.ts';
import { BACKGROUND_SYNC_TAG } from '../src/sync/backgroundSyncTag.ts';
import { SyncEngine } from '../src/sync/engine.ts';
import { webLocks } from '../src/sync/locks.ts';

declare const self: ServiceWorkerGlobalScope;

/** A minute of margin: a token about to expire could be refused mid-flush. */
const MARGIN_SECONDS = 60;

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

async function flushOutbox() {
  const db = openMirror();
  try {
    const session = await db.workerSession.get('session');
    // No valid token: the page refreshes and flushes on its next start; the worker never rotates tokens itself.
    if (!session || session.expiresAt - MARGIN_SECONDS < Date.now() / 1000) return;
    const client = createClient<Database>(session.url, session.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: `Bearer ${session.accessToken}` } },
    });
    const engine = new SyncEngine({
      db,
      client,
      clock: Date,
      timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as number) },
      random: Math.random,
      // The same lock the tabs take: an open tab and the worker never send one write twice.
      locks: webLocks(self.navigator.locks),
      env: { isOnline: () => true, isVisible: () => false, subscribe: () => () => undefined },
    });
    try {
      await engine.flushAs(session.userId);
    } finally {
      // The browser retries a failed sync itself: no engine timer may outlive this event and its database.
      engine.stop();
    }
    if ((await db.outbox.where('userId').equals(session.userId).count()) > 0) {
      throw new Error('writes are still waiting: let the browser retry the sync later');
    }
  } finally {
    db.close();
  }
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === BACKGROUND_SYNC_TAG) sync.waitUntil(flushOutbox());
});
