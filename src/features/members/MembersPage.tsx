// /members: the members directory. Filled in by the members issue.
import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function MembersPage() {
  return (
    <ComingSoon title="Community Members" icon="members">
      Search the community and open anyone’s profile.
    </ComingSoon>
  );
}
