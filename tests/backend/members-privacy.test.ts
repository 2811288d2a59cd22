// The privacy settings the database enforces: last seen, written only by touch_last_seen() and hidden
// while showOnline is off, and allowMessages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});
afterAll(async () => {
  await stack?.close();
});

const lastSeen = async (id: string) =>
  (await dbRow<{ last_seen_at: Date | null }>(stack, 'select last_seen_at from public.profiles where id = $1', [id]))!
    .last_seen_at;
const setPrivacy = (who: TestMember, settings: Record<string, boolean>) =>
  who.client
    .from('profiles')
    .update({ privacy_settings: { showOnline: true, allowMessages: true, showActivity: true, ...settings } })
    .eq('id', who.id);

describe('last seen', () => {
  it('is stamped by touch_last_seen(), at most once a minute', async () => {
    const member = await createMember(stack);
    expect(await lastSeen(member.id)).toBeNull();
    const first = await member.client.rpc('touch_last_seen');
    expect(first.error).toBeNull();
    const stamped = await lastSeen(member.id);
    expect(stamped).not.toBeNull();
    expect(Math.abs(stamped!.getTime() - Date.now())).toBeLessThan(60_000);

    expect((await member.client.rpc('touch_last_seen')).error).toBeNull();
    expect(await lastSeen(member.id)).toEqual(stamped);

    await stack.db.query(`update public.profiles set last_seen_at = now() - interval '61 seconds' where id = $1`, [
      member.id,
    ]);
    const old = await lastSeen(member.id);
    expect((await member.client.rpc('touch_last_seen')).error).toBeNull();
    expect((await lastSeen(member.id))!.getTime()).toBeGreaterThan(old!.getTime());
  });

  it('does not move updated_at, and moves sync_txid so other devices see it', async () => {
    const member = await createMember(stack);
    const before = await dbRow<{ updated_at: Date; sync_txid: string }>(
      stack,
      'select updated_at, sync_txid from public.profiles where id = $1',
      [member.id],
    );
    expect((await member.client.rpc('touch_last_seen')).error).toBeNull();
    const after = await dbRow<{ updated_at: Date; sync_txid: string }>(
      stack,
      'select updated_at, sync_txid from public.profiles where id = $1',
      [member.id],
    );
    expect(after!.updated_at).toEqual(before!.updated_at);
    expect(BigInt(String(after!.sync_txid))).toBeGreaterThan(BigInt(String(before!.sync_txid)));
  });

  it('is public to read', async () => {
    const member = await createMember(stack);
    expect((await member.client.rpc('touch_last_seen')).error).toBeNull();
    const { data, error } = await stack.anon().from('profiles').select('last_seen_at').eq('id', member.id);
    expect(error).toBeNull();
    expect(data![0]!.last_seen_at).not.toBeNull();
  });

  it('is cleared when showOnline is turned off, and stays null while it is off', async () => {
    const member = await createMember(stack);
    expect((await member.client.rpc('touch_last_seen')).error).toBeNull();
    expect(await lastSeen(member.id)).not.toBeNull();
    expect((await setPrivacy(member, { showOnline: false })).error).toBeNull();
    expect(await lastSeen(member.id)).toBeNull();
    expect((await member.client.rpc('touch_last_seen')).error).toBeNull();
    expect(await lastSeen(member.id)).toBeNull();
    expect((await setPrivacy(member, { showOnline: true })).error).toBeNull();
    expect((await member.client.rpc('touch_last_seen')).error).toBeNull();
    expect(await lastSeen(member.id)).not.toBeNull();
  });

  it('cannot be written by a client, the owner or an admin, nor stamped by a visitor', async () => {
    const member = await createMember(stack);
    const admin = await createMember(stack, { role: 'admin' });
    for (const who of [member, admin]) {
      const { error } = await who.client
        .from('profiles')
        .update({ last_seen_at: '2030-01-01T00:00:00Z' })
        .eq('id', member.id);
      expect(error?.code).toBe('42501');
    }
    const visitor = await stack.anon().rpc('touch_last_seen');
    expect(visitor.error?.code).toBe('42501');
    expect(await lastSeen(member.id)).toBeNull();
  });
});

describe('allowMessages', () => {
  const send = (from: TestMember, to: TestMember) =>
    from.client.from('messages').insert({ sender_id: from.id, recipient_id: to.id, subject: 'Hi', content: 'Hello' });
  const sentTo = async (id: string) =>
    (await dbRow<{ n: number }>(stack, 'select count(*)::int as n from public.messages where recipient_id = $1', [id]))!
      .n;

  it('refuses a message to a member who turned it off, and accepts it again when turned on', async () => {
    const sender = await createMember(stack);
    const recipient = await createMember(stack);
    expect((await setPrivacy(recipient, { allowMessages: false })).error).toBeNull();
    const refused = await send(sender, recipient);
    expect(refused.error).toMatchObject({ code: '42501', message: 'This member does not accept private messages' });
    expect(await sentTo(recipient.id)).toBe(0);
    expect((await setPrivacy(recipient, { allowMessages: true })).error).toBeNull();
    expect((await send(sender, recipient)).error).toBeNull();
    expect(await sentTo(recipient.id)).toBe(1);
  });
});
