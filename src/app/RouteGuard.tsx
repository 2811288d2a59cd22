// SPEC §2 "Route guard": spinner while loading, /auth without a user, / on a role mismatch,
// and the page itself while the profile is still loading.
import { Navigate, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Role } from '../backend/profiles.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { useSession } from './session/SessionContext.tsx';

export function RouteGuard({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const loading = useSession((s) => s.loading);
  const user = useSession((s) => s.user);
  const profile = useSession((s) => s.profile);
  const profileIsPlaceholder = useSession((s) => s.profileIsPlaceholder);
  const href = useLocation({ select: (l) => l.href });
  if (loading) return <Spinner label="Checking your session…" />;
  if (!user) return <Navigate to="/auth" search={{ redirect: href }} replace />;
  if (roles && profile && !profileIsPlaceholder && !roles.includes(profile.role)) return <Navigate to="/" replace />;
  return children;
}
