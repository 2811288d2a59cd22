// Row-level security and guards of public.profiles and public.profile_private, both ways, through supabase-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

const PUBLIC_COLUMNS =
  'id,username,display_name,bio,avatar_url,wallet_address,role,reputation,is_banned,created_at,updated_at';

let stack: TestStack;
let alice: TestMember;
let bob: TestMember;
let moderator: TestMember;
let admin: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  alice = await createMember(stack);
  bob = await createMember(stack);
  moderator = await createMember(stack, { role: 'moderator' });
  admin = await createMember(stack, { role: 'admin' });
});
afterAll(async () => {
  await stack?.close();
});

const profile = (id: string) =>
  dbRow<{ role: string; bio: string | null; is_banned: boolean; reputation: number; username: string }>(
    stack,
    'select role, bio, is_banned, reputation, username from public.profiles where id = $1',
    [id],
  );

describe('reading profiles', () => {
  it('lets a visitor read the public columns of every profile', async () => {
    const { data, error } = await stack.anon().from('profiles').select(PUBLIC_COLUMNS).eq('id', alice.id);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]!.username).toBe(alice.username);
  });

  it('refuses a visitor the email column', async () => {
    const { data, error } = await stack.anon().from('profiles').select('id,email').eq('id', alice.id);
    expect(error?.code).toBe('42501');
    expect(data).toBeNull();
  });

  it('refuses select=* on profiles, even to the owner', async () => {
    const { error } = await alice.client.from('profiles').select('*').eq('id', alice.id);
    expect(error?.code).toBe('42501');
  });

  it('refuses a member the notification and privacy settings of another member', async () => {
    const { error } = await alice.client.from('profiles').select('privacy_settings').eq('id', bob.id);
    expect(error?.code).toBe('42501');
  });

  it('gives the owner their private fields through profile_private', async () => {
    const { data, error } = await alice.client
      .from('profile_private')
      .select('id,email,notification_preferences,privacy_settings')
      .eq('id', alice.id);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: alice.id,
        email: alice.email,
        notification_preferences: { emailReplies: true, emailMentions: true, emailMessages: true, pushEnabled: false },
        privacy_settings: { showOnline: true, allowMessages: true, showActivity: true },
      },
    ]);
  });

  it('shows a member no private row but their own', async () => {
    const { data, error } = await alice.client.from('profile_private').select('id,email');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: alice.id, email: alice.email }]);
  });

  it('shows an admin the private fields of every member', async () => {
    const { data, error } = await admin.client.from('profile_private').select('id,email').in('id', [alice.id, bob.id]);
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
  });

  it('refuses profile_private to visitors', async () => {
    const { data, error } = await stack.anon().from('profile_private').select('id,email');
    expect(error?.code).toBe('42501');
    expect(data).toBeNull();
  });

  it('refuses writes through profile_private, which would bypass RLS', async () => {
    const { error } = await alice.client.from('profile_private').update({ email: 'x@evil.test' }).eq('id', bob.id);
    expect(error?.code).toBe('42501');
    expect(
      (await dbRow<{ email: string }>(stack, 'select email from public.profiles where id = $1', [bob.id]))!.email,
    ).toBe(bob.email);
  });
});

describe('editing profiles', () => {
  it('lets the owner edit their public fields and their private settings', async () => {
    const { data, error } = await alice.client
      .from('profiles')
      .update({
        bio: 'Holder since 2021',
        display_name: 'Alice',
        privacy_settings: { showOnline: false, allowMessages: true, showActivity: true },
      })
      .eq('id', alice.id)
      .select(PUBLIC_COLUMNS);
    expect(error).toBeNull();
    expect(data![0]!.bio).toBe('Holder since 2021');
    const row = await dbRow<{ privacy_settings: { showOnline: boolean } }>(
      stack,
      'select privacy_settings from public.profiles where id = $1',
      [alice.id],
    );
    expect(row!.privacy_settings.showOnline).toBe(false);
  });

  it("does not let a member edit another member's profile", async () => {
    const { error } = await alice.client.from('profiles').update({ bio: 'hacked' }).eq('id', bob.id).select('id');
    expect(error).toMatchObject({ code: '42501', message: 'You can only edit your own profile' });
    expect((await profile(bob.id))!.bio).toBeNull();
  });

  it('does not let a visitor edit any profile', async () => {
    const { error } = await stack.anon().from('profiles').update({ bio: 'anon was here' }).eq('id', bob.id);
    expect(error?.code).toBe('42501');
    expect((await profile(bob.id))!.bio).toBeNull();
  });

  it('refuses a member changing their own role', async () => {
    const { error } = await alice.client.from('profiles').update({ role: 'admin' }).eq('id', alice.id);
    expect(error?.code).toBe('42501');
    expect(error?.message).toMatch(/own role/);
    expect((await profile(alice.id))!.role).toBe('user');
  });

  it('refuses a member lifting their own ban flag', async () => {
    const banned = await createMember(stack, { banned: true });
    const { error } = await banned.client.from('profiles').update({ is_banned: false }).eq('id', banned.id);
    expect(error?.code).toBe('42501');
    expect((await profile(banned.id))!.is_banned).toBe(true);
  });

  it('refuses a member setting their own reputation', async () => {
    const { error } = await alice.client.from('profiles').update({ reputation: 1000 }).eq('id', alice.id);
    expect(error?.code).toBe('42501');
    expect((await profile(alice.id))!.reputation).toBe(0);
  });

  it("refuses a member changing someone else's role", async () => {
    const { data } = await alice.client.from('profiles').update({ role: 'moderator' }).eq('id', bob.id).select('id');
    expect(data ?? []).toEqual([]);
    expect((await profile(bob.id))!.role).toBe('user');
  });

  it('lets a moderator promote a plain user to moderator', async () => {
    const target = await createMember(stack);
    const { data, error } = await moderator.client
      .from('profiles')
      .update({ role: 'moderator' })
      .eq('id', target.id)
      .select('role');
    expect(error).toBeNull();
    expect(data).toEqual([{ role: 'moderator' }]);
    expect((await profile(target.id))!.role).toBe('moderator');
  });

  it('refuses a moderator making anyone an admin', async () => {
    const target = await createMember(stack);
    const { error } = await moderator.client.from('profiles').update({ role: 'admin' }).eq('id', target.id);
    expect(error?.code).toBe('42501');
    expect((await profile(target.id))!.role).toBe('user');
  });

  it('refuses a moderator changing another moderator or an admin: plain users only', async () => {
    const other = await createMember(stack, { role: 'moderator' });
    const { error } = await moderator.client.from('profiles').update({ role: 'user' }).eq('id', other.id);
    expect(error?.code).toBe('42501');
    expect((await profile(other.id))!.role).toBe('moderator');
    const refused = await moderator.client.from('profiles').update({ role: 'user' }).eq('id', admin.id);
    expect(refused.error?.code).toBe('42501');
    expect((await profile(admin.id))!.role).toBe('admin');
  });

  it("refuses a moderator editing another member's bio", async () => {
    const { error } = await moderator.client.from('profiles').update({ bio: 'moderated' }).eq('id', bob.id);
    expect(error?.code).toBe('42501');
    expect((await profile(bob.id))!.bio).toBeNull();
  });

  it('lets an admin set any other member to any role', async () => {
    const target = await createMember(stack, { role: 'moderator' });
    const { error } = await admin.client.from('profiles').update({ role: 'admin' }).eq('id', target.id);
    expect(error).toBeNull();
    expect((await profile(target.id))!.role).toBe('admin');
    const back = await admin.client.from('profiles').update({ role: 'user' }).eq('id', target.id);
    expect(back.error).toBeNull();
    expect((await profile(target.id))!.role).toBe('user');
  });

  it('refuses an admin changing their own role', async () => {
    const { error } = await admin.client.from('profiles').update({ role: 'user' }).eq('id', admin.id);
    expect(error?.code).toBe('42501');
    expect((await profile(admin.id))!.role).toBe('admin');
  });

  it('lets an admin set is_banned on another member, and refuses it to a moderator', async () => {
    const target = await createMember(stack);
    const byModerator = await moderator.client.from('profiles').update({ is_banned: true }).eq('id', target.id);
    expect(byModerator.error?.code).toBe('42501');
    expect((await profile(target.id))!.is_banned).toBe(false);
    const byAdmin = await admin.client.from('profiles').update({ is_banned: true }).eq('id', target.id);
    expect(byAdmin.error).toBeNull();
    expect((await profile(target.id))!.is_banned).toBe(true);
  });

  it('refuses a banned member editing their own profile', async () => {
    const banned = await createMember(stack, { banned: true });
    const { error } = await banned.client.from('profiles').update({ bio: 'still here' }).eq('id', banned.id);
    expect(error?.code).toBe('42501');
    expect(error?.message).toMatch(/banned/);
    expect((await profile(banned.id))!.bio).toBeNull();
  });

  it('deletes no profile through the API: a profile goes with its account', async () => {
    const { data, error } = await alice.client.from('profiles').delete().eq('id', alice.id).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await profile(alice.id)).toBeDefined();
  });
});
