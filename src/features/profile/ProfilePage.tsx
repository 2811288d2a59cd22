// /profile (own, signed-in) and /profile/{userId} (public). Filled in by the profile issue.
import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function ProfilePage() {
  return (
    <ComingSoon title="Profile" icon="user">
      Avatar, bio, reputation and wallet address, and editing your own profile.
    </ComingSoon>
  );
}
