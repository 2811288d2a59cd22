// The authentication calls the app makes (SPEC §7 "Authentication"), and the texts their failures show (SPEC §8).
import type { AuthError, Session } from '@supabase/supabase-js';
import type { ForumClient } from './client.ts';

export const SIGN_IN_FAILED = 'Failed to sign in. Please check your credentials.';
export const SIGN_UP_FAILED = 'Failed to create account';
export const SIGN_OUT_FAILED = 'Failed to sign out';

/** Wrong email or password gets the spec's sign-in text; any other refusal (unconfirmed email, rate limit) its own message. */
export function signInErrorText(error: unknown): string {
  const auth = error as Partial<AuthError> | null;
  if (auth?.code === 'invalid_credentials' || !auth?.message) return SIGN_IN_FAILED;
  if (auth.code === 'email_not_confirmed') return 'Please confirm your email first: open the link we sent you.';
  return auth.message;
}

export async function signInWithPassword(client: ForumClient, email: string, password: string): Promise<Session> {
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data.session;
}

export interface SignUpResult {
  userId: string | null;
  /** Present when the backend signs the member in at once (email confirmation off). */
  session: Session | null;
}

export async function signUpWithPassword(
  client: ForumClient,
  input: { email: string; password: string; username: string; emailRedirectTo: string },
): Promise<SignUpResult> {
  const { data, error } = await client.auth.signUp({
    email: input.email,
    password: input.password,
    options: { data: { username: input.username }, emailRedirectTo: input.emailRedirectTo },
  });
  if (error) throw error;
  return { userId: data.user?.id ?? null, session: data.session };
}

export async function sendPasswordResetEmail(client: ForumClient, email: string, redirectTo: string): Promise<void> {
  const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
  if (error) throw error;
}

export async function setNewPassword(client: ForumClient, password: string): Promise<void> {
  const { error } = await client.auth.updateUser({ password });
  if (error) throw error;
}

/** Where supabase-js keeps the session in local storage: `sb-<first label of the host>-auth-token`. */
export function authStorageKey(backendUrl: string): string {
  return `sb-${new URL(backendUrl).hostname.split('.')[0]}-auth-token`;
}

/** The session as supabase-js keeps it in local storage, read without the client's refresh logic. */
export interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_at?: number;
  user?: { id: string; email?: string };
}

export function readStoredSession(key: string): StoredSession | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}
