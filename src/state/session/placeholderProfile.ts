// The profile shown while the real one loads, or when it cannot be fetched (SPEC §3 "Placeholder profile").
import type { Profile } from '../../backend/profiles.ts';

export function placeholderProfile(user: { id: string; email?: string | null }, now = new Date()): Profile {
  const local = user.email?.split('@')[0] ?? '';
  const stamp = now.toISOString();
  return {
    id: user.id,
    username: local || 'user',
    display_name: local || 'User',
    bio: null,
    avatar_url: null,
    wallet_address: null,
    wallet_verified: false,
    role: 'user',
    reputation: 0,
    is_banned: false,
    thread_count: 0,
    tips_received: 0,
    reply_count: 0,
    last_seen_at: null,
    created_at: stamp,
    updated_at: stamp,
    email: user.email ?? null,
  };
}
