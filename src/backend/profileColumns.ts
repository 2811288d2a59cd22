// The columns of a profile anyone may read: everything but the private fields and the sync stamp. Its own module so
// that the sync engine on the first screen can name them without loading the profile calls.
export const PUBLIC_PROFILE_COLUMNS =
  'id,username,display_name,bio,avatar_url,wallet_address,wallet_verified,role,reputation,is_banned,thread_count,tips_received,reply_count,last_seen_at,created_at,updated_at' as const;
