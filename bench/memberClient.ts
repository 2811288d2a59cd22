// A supabase-js client that acts as one member on a bench's stack: a token the stack signs for them, no session kept.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signAccessToken } from '../supabase/local/jwt.ts';
import type { Stack } from '../supabase/local/server.ts';

export async function memberClient(stack: Stack, userId: string): Promise<SupabaseClient> {
  const token = await signAccessToken(
    stack.ctx.keys,
    { sub: userId, role: 'authenticated', aud: 'authenticated' },
    3600,
  );
  return createClient(stack.url, stack.anonKey, {
    global: { headers: { Authorization: `Bearer ${token}` } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
}
