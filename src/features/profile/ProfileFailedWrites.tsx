// The owner's profile changes the server refused while the form was not there to show them (saved offline, sent
// later): each with its reason, Retry and Discard.
import { useProfileWrites } from '../../state/queries/profile.ts';
import { RefusedWrite } from '../../ui/RefusedWrite.tsx';

export function ProfileFailedWrites({ userId }: { userId: string }) {
  const writes = useProfileWrites(userId);
  if (writes.state !== 'ready' || writes.data.failed.length === 0) return null;
  return (
    <>
      {writes.data.failed.map((entry) => (
        <RefusedWrite
          key={entry.id}
          entryId={entry.id}
          label="Profile change not sent"
          what="Profile change not sent"
          reason={entry.reason}
        />
      ))}
    </>
  );
}
