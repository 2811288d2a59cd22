// The seeded demo accounts, and fresh addresses for tests that create their own.
export const MEMBER = { email: 'member@guapcoin.local', password: 'guapmember123' };
export const ADMIN = { email: 'admin@guapcoin.local', password: 'guapadmin123' };
export const MODERATOR = { email: 'mod@guapcoin.local', password: 'guapmod123' };
/** The accounts whose passwords supabase/seed.sql publishes. */
export const DEMO_ACCOUNTS = [MEMBER, ADMIN, MODERATOR];

export function freshAccount(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `${prefix}${id}`, email: `${prefix}-${id}@example.test`, password: 'first-pass-123' };
}
