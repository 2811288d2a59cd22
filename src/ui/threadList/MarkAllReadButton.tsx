// "Mark all read": every thread of the given categories (or of the forum, for null) read up to its newest post, at
// once on this device and through the outbox, so it works offline too.
import { useState } from 'react';
import { useMarkAllRead } from '../../state/mutations/readState.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { Button } from '../Button.tsx';

const MARK_ALL_READ_FAILED = { failed: 'Failed to mark threads as read' };

export function MarkAllReadButton({ categoryIds }: { categoryIds: readonly (string | null)[] }) {
  const markAllRead = useMarkAllRead();
  const [busy, setBusy] = useState(false);
  const markAll = async () => {
    setBusy(true);
    try {
      for (const id of categoryIds) await markAllRead(id);
    } catch (error) {
      reportError(error, MARK_ALL_READ_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void markAll()} disabled={busy || categoryIds.length === 0}>
      Mark all read
    </Button>
  );
}
