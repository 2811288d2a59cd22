// A member's tips: the ones they received (confirmed, public) and the ones they sent (every status, theirs only),
// read from the server, and the sent ones still waiting in the outbox or refused, read from the mirror. The server
// reads are asked again when a pull ends, so a poke about a tip's new status (its parties' topics, and the forum's
// for a recipient's new count) shows it without a reload.
import { useCallback, useEffect, useState } from 'react';
import { fetchReceivedTips, fetchSentTips, type ReceivedTip, type SentTip } from '../../backend/wallet.ts';
import type { FailedEntry, OutboxEntry } from '../../data/outboxTypes.ts';
import type { TipWrite } from '../../sync/kinds/tip.ts';
import { useBackend } from '../BackendContext.tsx';
import { logError } from '../errors/reportError.ts';
import { useSyncStatusOf } from '../sync/SyncContext.tsx';
import { useMirrorQuery } from './useMirrorQuery.ts';

type OnlineRead<T> = { state: 'offline' | 'loading' | 'failed' } | { state: 'ready'; data: T };

/**
 * Asks the server while online, and again whenever `fetch` (keep it in useCallback) or `again` changes: `again` is
 * a value whose change means the server's answer changed. Offline, says so.
 */
function useOnlineRead<T>(fetch: () => Promise<T>, what: string, again: unknown): OnlineRead<T> {
  const online = useSyncStatusOf((s) => s.online);
  const [read, setRead] = useState<OnlineRead<T>>({ state: 'loading' });
  useEffect(() => {
    if (!online) return;
    let current = true;
    fetch().then(
      (data) => current && setRead({ state: 'ready', data }),
      (error: unknown) => {
        logError(error, `Failed to load ${what}`);
        if (current) setRead({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [online, fetch, what, again]);
  // A list read before going offline stays, as the mirror's do.
  if (!online && read.state !== 'ready') return { state: 'offline' };
  return read;
}

/** The member's confirmed tips; `count` is their Tips Received, whose change (a pull) means a new one. */
export function useReceivedTips(userId: string, count: number): OnlineRead<ReceivedTip[]> {
  const client = useBackend();
  const fetch = useCallback(() => fetchReceivedTips(client, userId), [client, userId]);
  return useOnlineRead(fetch, 'tips', count);
}

/**
 * The signed-in member's own recorded tips, read again after every pull (a poke may say one settled) and when the
 * number of tips waiting in the outbox changes (one was just recorded).
 */
export function useRecordedTips(userId: string, waiting: number): OnlineRead<SentTip[]> {
  const client = useBackend();
  const pulledAt = useSyncStatusOf((s) => s.lastSyncAt);
  const fetch = useCallback(() => fetchSentTips(client, userId), [client, userId]);
  return useOnlineRead(fetch, 'your tips', `${pulledAt}:${waiting}`);
}

type TipEntry<E extends OutboxEntry | FailedEntry> = E & { write: TipWrite };

const isTip = <E extends OutboxEntry | FailedEntry>(entry: E): entry is TipEntry<E> => entry.write.kind === 'tip';

/** The member's tips this device has not recorded yet: waiting in the outbox, or refused by the server. */
export function useUnrecordedTips(userId: string) {
  return useMirrorQuery(
    async (db) => {
      const [waiting, failed] = await Promise.all([
        db.outbox.where('userId').equals(userId).toArray(),
        db.failed.where('userId').equals(userId).toArray(),
      ]);
      return { waiting: waiting.filter(isTip), failed: failed.filter(isTip) };
    },
    [userId],
  );
}
