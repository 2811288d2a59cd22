// Row-level security and guards of public.messages, both ways, through supabase-js.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, dbRow, type TestMember } from './members.ts';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
let sender: TestMember;
let recipient: TestMember;
let outsider: TestMember;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  sender = await createMember(stack);
  recipient = await createMember(stack);
  outsider = await createMember(stack, { role: 'admin' });
});
afterAll(async () => {
  await stack?.close();
});

/** A message from sender to recipient, written past RLS. */
async function seedMessage(): Promise<string> {
  const id = randomUUID();
  await stack.db.query(
    `insert into public.messages (id, sender_id, recipient_id, subject, content) values ($1, $2, $3, 'Hello', 'First words')`,
    [id, sender.id, recipient.id],
  );
  return id;
}
const message = (id: string) =>
  dbRow<{ subject: string; content: string; is_read: boolean }>(
    stack,
    'select subject, content, is_read from public.messages where id = $1',
    [id],
  );
const JOINS =
  'id,subject,content,is_read,created_at,sender:profiles!sender_id(id,username,avatar_url),recipient:profiles!recipient_id(id,username,avatar_url)';

describe('reading messages', () => {
  it('shows a message to its recipient (inbox) and its sender (sent)', async () => {
    const id = await seedMessage();
    const inbox = await recipient.client.from('messages').select(JOINS).eq('recipient_id', recipient.id).eq('id', id);
    const sent = await sender.client.from('messages').select(JOINS).eq('sender_id', sender.id).eq('id', id);
    expect(inbox.error).toBeNull();
    expect(inbox.data).toHaveLength(1);
    expect(inbox.data![0]!.sender).toEqual({ id: sender.id, username: sender.username, avatar_url: null });
    expect(sent.data).toHaveLength(1);
  });

  it('hides a message from everyone else, admins included', async () => {
    const id = await seedMessage();
    const { data, error } = await outsider.client.from('messages').select('id').eq('id', id);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('hides every message from visitors', async () => {
    await seedMessage();
    const { data, error } = await stack.anon().from('messages').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe('sending messages', () => {
  it('lets a member send a message as themself', async () => {
    const id = randomUUID();
    const { data, error } = await sender.client
      .from('messages')
      .insert({ id, sender_id: sender.id, recipient_id: recipient.id, subject: 'Hi', content: 'Welcome!' })
      .select('id,is_read');
    expect(error).toBeNull();
    expect(data).toEqual([{ id, is_read: false }]);
  });

  it('refuses a message in the name of another member', async () => {
    const id = randomUUID();
    const { error } = await outsider.client
      .from('messages')
      .insert({ id, sender_id: sender.id, recipient_id: recipient.id, subject: 'Fake', content: 'Not from me' });
    expect(error?.code).toBe('42501');
    expect(await message(id)).toBeUndefined();
  });

  it('refuses a message to a member who does not accept private messages', async () => {
    const shy = await createMember(stack);
    await stack.db.query(
      `update public.profiles set privacy_settings = privacy_settings || '{"allowMessages": false}' where id = $1`,
      [shy.id],
    );
    const id = randomUUID();
    const { error } = await sender.client
      .from('messages')
      .insert({ id, sender_id: sender.id, recipient_id: shy.id, subject: 'Hi', content: 'Hello there' });
    expect(error?.code).toBe('42501');
    expect(error?.message).toMatch(/does not accept private messages/);
    expect(await message(id)).toBeUndefined();
  });

  it('refuses a message from a banned member', async () => {
    const banned = await createMember(stack, { banned: true });
    const id = randomUUID();
    const { error } = await banned.client
      .from('messages')
      .insert({ id, sender_id: banned.id, recipient_id: recipient.id, subject: 'Hi', content: 'Buy my coin' });
    expect(error?.code).toBe('42501');
    expect(await message(id)).toBeUndefined();
  });

  it('refuses a message from a visitor', async () => {
    const id = randomUUID();
    const { error } = await stack
      .anon()
      .from('messages')
      .insert({ id, sender_id: sender.id, recipient_id: recipient.id, subject: 'Hi', content: 'Anonymous' });
    expect(error?.code).toBe('42501');
    expect(await message(id)).toBeUndefined();
  });
});

describe('marking read and deleting', () => {
  it('lets the recipient mark a message read', async () => {
    const id = await seedMessage();
    const { data, error } = await recipient.client
      .from('messages')
      .update({ is_read: true })
      .eq('id', id)
      .eq('recipient_id', recipient.id)
      .select('is_read');
    expect(error).toBeNull();
    expect(data).toEqual([{ is_read: true }]);
  });

  it('does not let the sender mark their message read', async () => {
    const id = await seedMessage();
    const { data } = await sender.client.from('messages').update({ is_read: true }).eq('id', id).select('id');
    expect(data ?? []).toEqual([]);
    expect((await message(id))!.is_read).toBe(false);
  });

  it('refuses the recipient changing anything but the read mark', async () => {
    const id = await seedMessage();
    const { error } = await recipient.client.from('messages').update({ content: 'You owe me 100 GUAPX' }).eq('id', id);
    expect(error?.code).toBe('42501');
    expect((await message(id))!.content).toBe('First words');
  });

  it('lets the sender delete a message', async () => {
    const id = await seedMessage();
    const { data, error } = await sender.client.from('messages').delete().eq('id', id).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id }]);
    expect(await message(id)).toBeUndefined();
  });

  it('lets the recipient delete a message', async () => {
    const id = await seedMessage();
    const { error } = await recipient.client.from('messages').delete().eq('id', id);
    expect(error).toBeNull();
    expect(await message(id)).toBeUndefined();
  });

  it('does not let anyone else delete a message', async () => {
    const id = await seedMessage();
    const { data, error } = await outsider.client.from('messages').delete().eq('id', id).select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await message(id)).toBeDefined();
  });

  it('tells only the two parties that a message was deleted (tombstone)', async () => {
    const id = await seedMessage();
    await sender.client.from('messages').delete().eq('id', id);
    const seen = async (client: TestMember['client']) =>
      (await client.from('sync_tombstones').select('row_id').eq('table_name', 'messages').eq('row_id', id)).data;
    expect(await seen(recipient.client)).toEqual([{ row_id: id }]);
    expect(await seen(sender.client)).toEqual([{ row_id: id }]);
    expect(await seen(outsider.client)).toEqual([]);
    expect(await seen(stack.anon())).toEqual([]);
  });
});
