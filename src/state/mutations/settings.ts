// The settings screen's writes: toggles through the outbox (each confirmed by a toast once the server has it), and
// account deletion, which needs the server and ends the session.
import { useMemo } from 'react';
import { deleteAccount } from '../../backend/account.ts';
import { noConnection } from '../../backend/errors.ts';
import { enqueueUpdateSettings, type SettingsChange } from '../../sync/outbox.ts';
import { useBackend } from '../BackendContext.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { useSyncEngine } from '../sync/SyncContext.tsx';
import { awaitConfirmation, SAVED_OFFLINE } from './confirmations.ts';
import { runWrite } from './write.ts';

const TEXTS = {
  notification_preferences: {
    confirmed: 'Notification settings saved',
    refused: 'Failed to save notification settings',
  },
  privacy_settings: { confirmed: 'Privacy settings saved', refused: 'Failed to save privacy settings' },
} as const;

export function useSettingsActions() {
  const engine = useSyncEngine();
  const client = useBackend();
  const signOut = useSession((s) => s.signOut);
  return useMemo(() => {
    return {
      /** Answers the toast to show now: only offline, where the server's confirmation comes later. */
      saveSettings: async (change: SettingsChange, online: boolean): Promise<string | null> => {
        const id = await runWrite(engine, (ctx) => enqueueUpdateSettings(ctx, change));
        awaitConfirmation({ table: 'outbox', id, ...TEXTS[change.field] });
        return online ? null : SAVED_OFFLINE;
      },
      deleteAccount: async (online: boolean) => {
        const userId = engine.currentUserId;
        if (!online) throw noConnection();
        if (!userId) throw new Error('No user logged in');
        await deleteAccount(client, userId);
        await signOut();
      },
    };
  }, [engine, client, signOut]);
}
