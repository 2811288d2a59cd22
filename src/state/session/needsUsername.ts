// A wallet account whose member has not picked a username yet: the one its profile has was made up when the wallet
// first signed in, and the chosen one is kept in the account's metadata too (backend/walletSignIn.ts claimUsername).
import type { User } from '@supabase/supabase-js';

export function needsUsername(user: User | null): boolean {
  return user !== null && user.app_metadata.provider === 'web3' && !user.user_metadata.username;
}
