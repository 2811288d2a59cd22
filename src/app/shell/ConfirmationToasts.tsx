// Shows the spec's success toast when an awaited write reaches the server, on whatever screen is open then.
import { useEffect } from 'react';
import { forgetConfirmation, useAwaitedWrites } from '../../state/mutations/confirmations.ts';
import { toast } from '../../state/toast.ts';

export function ConfirmationToasts() {
  const awaited = useAwaitedWrites();
  useEffect(() => {
    if (awaited.state !== 'ready') return;
    for (const { write, status } of awaited.data) {
      if (status === 'sending') continue;
      forgetConfirmation(write.id);
      if (status === 'sent') toast.success(write.confirmed);
      if (status === 'refused' && write.table === 'outbox' && write.refused) toast.error(write.refused);
    }
  }, [awaited]);
  return null;
}
