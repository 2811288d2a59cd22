// Changing a member's role from the directory: the card shows it at once, the outbox sends it when online.
import { useMemo } from 'react';
import { roleChangeStatus } from '../../data/queries/members.ts';
import type { Role } from '../../data/types.ts';
import { enqueueSetRole } from '../../sync/kinds/setRole.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

/**
 * Resolves once a queued change has left the outbox. The engine's status changes whenever a write settles, so the
 * entry is looked up again then; it was queued before the first look, so gone means settled.
 */
function settled(engine: SyncEngine, entryId: string): Promise<'sent' | 'refused'> {
  return new Promise((resolve, reject) => {
    let looking = false;
    let again = false;
    const look = () => {
      if (looking) {
        again = true;
        return;
      }
      looking = true;
      roleChangeStatus(engine.db, entryId).then(
        (status) => {
          looking = false;
          if (status !== 'waiting') {
            stop();
            resolve(status);
          } else if (again) {
            again = false;
            look();
          }
        },
        (error: unknown) => {
          stop();
          reject(error);
        },
      );
    };
    const stop = engine.status.subscribe(look);
    look();
  });
}

export function useRoleActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      /**
       * Queues the change and answers once it is queued, with `outcome`: how the server took it, whenever it does
       * (offline, after the reconnect). Null when the member already has that role.
       */
      setRole: async (memberId: string, role: Role) => {
        const entryId = await runWrite(engine, (ctx) => enqueueSetRole(ctx, { memberId, role }));
        return entryId ? { outcome: settled(engine, entryId) } : null;
      },
    }),
    [engine],
  );
}
