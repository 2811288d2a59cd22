// Sending from the dialog or the reply box: the spec's toasts for each ending, and the server's reason when it
// refuses, for the form to show beside the fields it came from.
import { useCallback, useState } from 'react';
import { toast } from '../../state/toast.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { SAVED_OFFLINE } from '../../state/mutations/confirmations.ts';
import { MESSAGE_SENT, useMessageActions } from '../../state/mutations/messages.ts';

export function useSendMessage() {
  const { send } = useMessageActions();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = useCallback(
    /** Answers true when the form can be emptied: sent, or kept here to send on reconnect. */
    async (input: { recipientId: string; subject: string; content: string }): Promise<boolean> => {
      setBusy(true);
      setRefusal(null);
      try {
        const outcome = await send(input);
        if (outcome.state === 'sent') toast.success(MESSAGE_SENT);
        if (outcome.state === 'waiting') toast.success(SAVED_OFFLINE);
        if (outcome.state === 'refused') {
          toast.error(FAILURES.sendMessage.failed);
          setRefusal(outcome.reason);
          return false;
        }
        return true;
      } catch (error) {
        reportError(error, FAILURES.sendMessage);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [send],
  );
  return { submit, busy, refusal, clearRefusal: useCallback(() => setRefusal(null), []) };
}
