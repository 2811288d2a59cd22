// SPEC §2 "Route guard": spinner while loading, /auth without a user, / on a role mismatch,
// and the page itself while the profile is still loading.
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import type { Role } from '../backend/profiles.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { useSession } from '../state/session/SessionContext.tsx';

type Verdict = 'wait' | 'sign-in' | 'wrong-role' | 'show';

export function RouteGuard({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const verdict = useSession((s): Verdict => {
    if (s.loading) return 'wait';
    if (!s.user) return 'sign-in';
    if (roles && s.profile && !s.profileIsPlaceholder && !roles.includes(s.profile.role)) return 'wrong-role';
    return 'show';
  });
  const navigate = useNavigate();
  const router = useRouter();
  // Navigating once per verdict: a <Navigate> re-fires on every render while the target's chunk loads.
  useEffect(() => {
    if (verdict === 'sign-in') {
      const redirect = router.state.location.href;
      void navigate({ to: '/auth', search: { redirect }, replace: true });
    } else if (verdict === 'wrong-role') {
      void navigate({ to: '/', replace: true });
    }
  }, [verdict, navigate, router]);
  if (verdict === 'show') return children;
  return <Spinner label={verdict === 'wait' ? 'Checking your session…' : 'Redirecting…'} />;
}
