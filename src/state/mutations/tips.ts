// Recording a tip the wallet sent goes through the outbox: offline it waits, like a reply.
import { useMemo } from 'react';
import { enqueueTip, type NewTip } from '../../sync/kinds/tip.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

export function useTipActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      record: (tip: Omit<NewTip, 'id'> & { recipientName: string }) => runWrite(engine, (ctx) => enqueueTip(ctx, tip)),
    }),
    [engine],
  );
}
