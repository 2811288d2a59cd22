// /settings (signed-in): account, notification and privacy settings. Filled in by the settings issue.
import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function SettingsPage() {
  return (
    <ComingSoon title="Settings" icon="settings">
      Your account, notifications, privacy and the danger zone.
    </ComingSoon>
  );
}
