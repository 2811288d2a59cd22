// Shows the spec's success toast when an awaited write reaches the server, on whatever screen is open then.
import { useEffect } from 'react';
import { forgetConfirmation, useAwaitedWrites } from '../../state/mutations/confirmations.ts';

export function ConfirmationToasts() {
  const awaited = useAwaitedWrites();
  useEffect(() => {
    if (awaited.state !== 'ready') return;
    for (const { write, status } of awaited.data) {
      if (status === 'sending') continue;
      forgetConfirmation(write.id);
      // sonner loads with the first toast (RootLayout): the first screen does without it.
      if (status === 'sent') void import('sonner').then(({ toast }) => toast.success(write.confirmed));
      if (status === 'refused' && write.table === 'outbox' && write.refused) {
        const { refused } = write;
        void import('sonner').then(({ toast }) => toast.error(refused));
      }
    }
  }, [awaited]);
  return null;
}
