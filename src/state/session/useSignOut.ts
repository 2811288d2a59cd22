// Signing out from the account menu or the own profile: home first, so the guard of a members-only page does not
// send the member to /auth instead; then the session ends, with the spec's toast or its failure text.
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from '../toast.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import { reportError } from '../errors/reportError.ts';
import { useSession } from './SessionContext.tsx';

export function useSignOut(): () => Promise<void> {
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await navigate({ to: '/' });
      await signOut();
      toast.success('Signed out successfully');
    } catch (error) {
      reportError(error, FAILURES.signOut);
    }
  }, [navigate, signOut]);
}
