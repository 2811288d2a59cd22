// Sign-up's steps, loaded with the sign-up screen rather than with the first screen's session store.
import type { Session } from '@supabase/supabase-js';
import type { SessionDeps } from './sessionStore.ts';

/** Sign-up refused the chosen username before making the account; the message says why, for the Username field. */
export class UsernameRefused extends Error {
  override name = 'UsernameRefused';
}

export interface SignUpInput {
  email: string;
  password: string;
  username: string;
  emailRedirectTo: string;
}

export async function signUp(
  deps: SessionDeps,
  log: Pick<Console, 'error' | 'warn'>,
  { email, password, username, emailRedirectTo }: SignUpInput,
  signedIn: (session: Session) => void,
): Promise<{ needsConfirmation: boolean }> {
  // The name is kept exactly as chosen or refused: say so before the account is made (the server refuses too).
  const problem = await deps.usernameProblem?.(username).catch((error: unknown) => {
    log.warn('The username check failed; the sign-up itself will check', error);
    return null;
  });
  if (problem) throw new UsernameRefused(problem);
  const { data, error } = await deps.auth.signUp({ email, password, options: { data: { username }, emailRedirectTo } });
  if (error) throw error;
  if (data.session && data.user) {
    try {
      await deps.createProfile({ id: data.user.id, username, email });
    } catch (profileError) {
      log.error('Profile creation after sign-up failed', profileError);
    }
    signedIn(data.session);
  }
  return { needsConfirmation: !data.session };
}
