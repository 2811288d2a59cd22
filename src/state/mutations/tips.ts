// Tips: recording one the wallet sent goes through the outbox (offline it waits, like a reply); asking the server to
// check a pending one again is online only.
import { useMemo } from 'react';
import { checkTip, type TipStatus } from '../../backend/wallet.ts';
import { enqueueTip, type NewTip } from '../../sync/kinds/tip.ts';
import { useBackend } from '../BackendContext.tsx';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

export function useTipActions() {
  const engine = useSyncEngine();
  const client = useBackend();
  return useMemo(
    () => ({
      record: (tip: Omit<NewTip, 'id'> & { recipientName: string }) => runWrite(engine, (ctx) => enqueueTip(ctx, tip)),
      /** Has check-tip ask the explorer now; a settled answer reaches the lists by the poke it makes. */
      checkAgain: async (tipId: string): Promise<TipStatus> => {
        const status = await checkTip(client, tipId);
        if (status !== 'pending') await engine.pull();
        return status;
      },
    }),
    [engine, client],
  );
}
