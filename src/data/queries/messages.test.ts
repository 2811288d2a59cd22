import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, test } from 'vitest';
import { openMirror } from '../mirror.ts';
import { toMessageRow } from '../rows.ts';
import type { ProfileRow } from '../types.ts';
import { enqueueMessage } from '../../sync/outbox.ts';
import { messageRecipients, messageWithConversation, sendStatus, sent } from './messages.ts';

const newMirror = () => openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });

function profile(id: string, username: string): ProfileRow {
  const at = '2026-11-01T00:00:00Z';
  return {
    id,
    username,
    display_name: null,
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
    created_at: at,
    updated_at: at,
    sync_txid: 1,
  };
}

function message(id: string, from: string, to: string, subject: string, day: number) {
  const at = `2026-11-${String(day).padStart(2, '0')}T00:00:00Z`;
  return toMessageRow({
    id,
    sender_id: from,
    recipient_id: to,
    subject,
    content: id,
    is_read: false,
    created_at: at,
    updated_at: at,
    sync_txid: 1,
  });
}

test('a message opens with the earlier ones of the same two members and subject, oldest first', async () => {
  const db = newMirror();
  await db.profiles.bulkPut([profile('me', 'me'), profile('sat', 'satoshi'), profile('vit', 'vitalik')]);
  await db.messages.bulkPut([
    message('first', 'sat', 'me', 'Staking', 1),
    message('other-subject', 'sat', 'me', 'Mining', 2),
    message('reply', 'me', 'sat', 'Re: Staking', 3),
    message('other-member', 'vit', 'me', 'Staking', 4),
    message('opened', 'sat', 'me', 'Re: Staking', 5),
    message('later', 'me', 'sat', 'Re: Staking', 6),
  ]);
  const read = await messageWithConversation(db, 'me', 'opened');
  expect(read?.message.sender?.username).toBe('satoshi');
  expect(read?.earlier.map((m) => m.id)).toEqual(['first', 'reply']);
  // Another member's message is not the viewer's to read.
  expect(await messageWithConversation(db, 'vit', 'first')).toBeNull();
  expect(await messageWithConversation(db, 'me', 'missing')).toBeNull();
  expect((await sent(db, 'me')).map((m) => m.id)).toEqual(['later', 'reply']);
});

test('the members one may write to are ordered by username and leave oneself out', async () => {
  const db = newMirror();
  await db.profiles.bulkPut([profile('vit', 'vitalik'), profile('me', 'me'), profile('sat', 'satoshi')]);
  expect((await messageRecipients(db, 'me')).map((p) => p.username)).toEqual(['satoshi', 'vitalik']);
});

test('a message written here is sending, then retrying after a failed send, then sent or refused with the reason', async () => {
  const db = newMirror();
  const ctx = { db, userId: 'me', now: () => Date.parse('2026-11-24T10:00:00Z') };
  const id = await enqueueMessage(ctx, { recipientId: 'sat', subject: 'Hi', content: 'Hello' });
  expect(await sendStatus(db, id)).toEqual({ state: 'sending' });
  await db.outbox.toCollection().modify({ attempts: 1, lastError: 'Service Unavailable' });
  expect(await sendStatus(db, id)).toEqual({ state: 'retrying' });

  const [entry] = await db.outbox.toArray();
  await db.outbox.clear();
  await db.messages.update(id, { _status: 'failed' });
  await db.failed.add({
    ...entry!,
    failedAt: 1,
    reason: 'This member does not accept private messages',
  });
  expect(await sendStatus(db, id)).toEqual({
    state: 'refused',
    reason: 'This member does not accept private messages',
    entryId: entry!.id,
  });
  await db.failed.clear();
  await db.messages.update(id, { _status: undefined });
  expect(await sendStatus(db, id)).toEqual({ state: 'sent' });
});
