// Saves a profile change and says how it went: online, the spec's success toast once the server has it, or the
// server's refusal; offline (or if the connection goes while it waits), "Saved, will send when online" now and the
// success toast whenever it is sent.
import { useState } from 'react';
import { toast } from '../../state/toast.ts';
import { AppError } from '../../backend/errors.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { awaitConfirmation, SAVED_OFFLINE } from '../../state/mutations/confirmations.ts';
import { useProfileActions } from '../../state/mutations/profile.ts';
import type { ProfileChanges } from '../../sync/kinds/updateProfile.ts';

/** Answers the server's reason when it refused the change, null when saved (sent, or waiting to be). */
export function useFollowedSave() {
  const actions = useProfileActions();
  const [saving, setSaving] = useState(false);

  const save = async (userId: string, changes: ProfileChanges, success: string): Promise<string | null> => {
    setSaving(true);
    try {
      const outcome = await actions.saveProfile(userId, changes);
      if (outcome.state === 'refused') {
        reportError(new AppError('refused', outcome.reason));
        return outcome.reason;
      }
      if (outcome.state === 'sent') {
        toast.success(success);
      } else {
        toast.success(SAVED_OFFLINE);
        awaitConfirmation({ table: 'outbox', id: outcome.entryId, confirmed: success });
      }
      return null;
    } catch (error) {
      return reportError(error, FAILURES.updateProfile).message;
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}
