// The signed-in member's tips this device has not recorded yet, from the mirror: waiting in the outbox, or refused
// by the server (the failed list). Recorded tips are the server's: src/state/server/wallet.ts.
import type { FailedEntry, OutboxEntry } from '../../data/outboxTypes.ts';
import type { TipWrite } from '../../sync/kinds/tip.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

type TipEntry<E extends OutboxEntry | FailedEntry> = E & { write: TipWrite };

const isTip = <E extends OutboxEntry | FailedEntry>(entry: E): entry is TipEntry<E> => entry.write.kind === 'tip';

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
