// /settings (signed-in): account, notification and privacy settings (filled in by the settings issue), and the
// app's storage on this device.
import { ComingSoon } from '../../ui/ComingSoon.tsx';
import { StorageCard } from './StorageCard.tsx';

export function SettingsPage() {
  return (
    <>
      <ComingSoon title="Settings" icon="settings">
        Your account, notifications, privacy and the danger zone.
      </ComingSoon>
      <StorageCard />
    </>
  );
}
