// A dialog's write to the mirror and the outbox (a bookmark, a report): busy while it is written, then the toast
// (saying it waits to be sent when offline) and the dialog closed; a failure is reported and the dialog stays open.
import { useState } from 'react';
import { toast } from '../toast.ts';
import type { FailureTexts } from '../../backend/errors.ts';
import { reportError } from '../errors/reportError.ts';
import { SAVED_OFFLINE } from './confirmations.ts';

export function useDialogWrite(online: boolean, close: () => void) {
  const [busy, setBusy] = useState(false);
  const run = async (write: () => Promise<unknown>, done: string, failure: FailureTexts) => {
    setBusy(true);
    try {
      await write();
      toast.success(online ? done : SAVED_OFFLINE);
      close();
    } catch (error) {
      reportError(error, failure);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
