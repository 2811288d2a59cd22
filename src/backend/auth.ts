// The authentication calls the app makes (SPEC §7 "Authentication"); their failures' texts are in failureTexts.ts.
import type { ForumClient } from './client.ts';

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

/** The session supabase-js keeps in local storage; throws when storage is blocked or the entry is not JSON. */
export function readStoredSession(key: string): StoredSession | null {
  const raw = localStorage.getItem(key);
  return raw ? (JSON.parse(raw) as StoredSession) : null;
}
