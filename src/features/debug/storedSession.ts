// Reads the session supabase-js keeps in local storage, without going through the client's refresh logic.
import { logError } from '../../state/errors/reportError.ts';

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
  } catch (error) {
    // Blocked storage or an entry that is not JSON: the debug page shows "no stored session", and the log says why.
    logError(error, 'The stored session could not be read');
    return null;
  }
}
