// Whether the signed-in member has a role, for pages that check it themselves (moderation, bulk creation).
import type { Role } from '../../backend/profiles.ts';
import { useSession } from './SessionContext.tsx';

type RoleCheck =
  { state: 'loading' } | { state: 'allowed'; role: Role } | { state: 'denied'; role: Role; userId: string };

export function useRoleCheck(roles: Role[]): RoleCheck {
  const loading = useSession((s) => s.loading || s.profileLoading);
  const user = useSession((s) => s.user);
  const profile = useSession((s) => s.profile);
  if (loading) return { state: 'loading' };
  // SPEC §6: the role is 'user' when no profile is loaded.
  const role = profile?.role ?? 'user';
  if (roles.includes(role)) return { state: 'allowed', role };
  return { state: 'denied', role, userId: user?.id ?? '' };
}
