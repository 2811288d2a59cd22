// /moderation: admins only, checked here rather than by the route guard (SPEC §2). The panel is a later issue.
import { useRoleCheck } from '../../state/session/useRoleCheck.ts';
import { ComingSoon } from '../../ui/ComingSoon.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccessDenied } from './AccessDenied.tsx';

export function ModerationPage() {
  const check = useRoleCheck(['admin']);
  if (check.state === 'loading') return <Spinner />;
  if (check.state === 'denied') return <AccessDenied role={check.role} userId={check.userId} />;
  return (
    <ComingSoon title="Moderation" icon="shield">
      Manage member roles, ban and unban members, and create threads in bulk.
    </ComingSoon>
  );
}
