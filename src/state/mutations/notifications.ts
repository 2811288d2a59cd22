// The bell's writes: marking notifications read, all of them or one, through the outbox (read at once here, sent
// when online). markMessageRead is for the messages screen: opening a message reads its notification.
import { useMemo } from 'react';
import { enqueueMarkNotificationsRead, markMessageNotificationsRead } from '../../sync/outbox.ts';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { runWrite } from './write.ts';

export function useNotificationActions() {
  const engine = useSyncEngine();
  return useMemo(
    () => ({
      markAllRead: () => runWrite(engine, (ctx) => enqueueMarkNotificationsRead(ctx)),
      markRead: (id: string) => runWrite(engine, (ctx) => enqueueMarkNotificationsRead(ctx, [id])),
      markMessageRead: (messageId: string) => runWrite(engine, (ctx) => markMessageNotificationsRead(ctx, messageId)),
    }),
    [engine],
  );
}
