// The bell's reads on a fake-indexeddb mirror: newest first with actor and title, counts, badge, texts and links.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openMirror } from '../mirror.ts';
import { toNotificationRow } from '../rows.ts';
import { notificationHref, notificationList, notificationText } from './notifications.ts';
import { badgeCount, unreadNotificationCount } from './unreadCounts.ts';

const row = (id: string, fields: Partial<Parameters<typeof toNotificationRow>[0]>) =>
  toNotificationRow({
    id,
    recipient_id: 'me',
    actor_id: 'ada',
    kind: 'reply',
    thread_id: 't1',
    post_id: `post-${id}`,
    message_id: null,
    actor_count: 1,
    read_at: null,
    created_at: '2026-11-24T10:00:00.000000+00:00',
    updated_at: '2026-11-24T10:00:00.000000+00:00',
    sync_txid: 1,
    ...fields,
  });

async function mirror() {
  const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
  await db.profiles.put({
    id: 'ada',
    username: 'ada',
    display_name: 'Ada L.',
    avatar_url: null,
    role: 'user',
  } as never);
  await db.threads.put({ id: 't1', title: 'Wallet sync stuck' } as never);
  await db.notifications.bulkPut([
    row('old', { created_at: '2026-11-20T10:00:00.000000+00:00', read_at: '2026-11-21T00:00:00Z' }),
    row('new', { created_at: '2026-11-24T12:00:00.000000+00:00', kind: 'mention' }),
    row('mid', { created_at: '2026-11-22T10:00:00.000000+00:00', kind: 'like', actor_count: 3 }),
    row('someone-elses', { recipient_id: 'other' }),
  ]);
  return db;
}

describe('the bell list', () => {
  it("lists the member's own, newest first, with the actor and the thread's title", async () => {
    const db = await mirror();
    const list = await notificationList(db, 'me');
    expect(list.map((n) => n.id)).toEqual(['new', 'mid', 'old']);
    expect(list.map(notificationText)).toEqual([
      'Ada L. mentioned you in "Wallet sync stuck"',
      '3 people liked your post',
      'Ada L. replied to "Wallet sync stuck"',
    ]);
    expect(await unreadNotificationCount(db, 'me')).toBe(2);
  });

  it('counts on the badge a push shown before its notification was pulled, and only until then', async () => {
    const db = await mirror();
    await db.pushedNotifications.bulkPut([
      { id: 'not-pulled', at: 1 },
      { id: 'new', at: 1 },
    ]);
    expect(await badgeCount(db, 'me')).toBe(3);
  });
});

describe('texts and links', () => {
  const actor = { id: 'b', username: 'bob', display_name: null, avatar_url: null, role: 'user' as const };
  it('words a message with its subject, a lone like with its actor, and a gone member', () => {
    expect(notificationText({ kind: 'message', actor, actor_count: 1, about: 'Lunch?' })).toBe(
      'bob sent you a message: Lunch?',
    );
    expect(notificationText({ kind: 'like', actor, actor_count: 1, about: null })).toBe('bob liked your post');
    expect(notificationText({ kind: 'reply', actor: null, actor_count: 1, about: null })).toBe(
      'A former member replied to a thread',
    );
  });

  it('opens the post in its thread, or the message', () => {
    expect(notificationHref({ kind: 'reply', thread_id: 't1', post_id: 'p1', message_id: null })).toBe(
      '/thread/t1#post-p1',
    );
    expect(notificationHref({ kind: 'message', thread_id: null, post_id: null, message_id: 'm1' })).toBe(
      '/messages?message=m1',
    );
  });
});

describe('the bell list and its count agree', () => {
  it('lists every unread notification, first, even when 50 newer ones were read', async () => {
    const db = openMirror({ indexedDB: new IDBFactory(), IDBKeyRange });
    const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000000+00:00`;
    await db.notifications.bulkPut([
      ...Array.from({ length: 11 }, (_, i) => row(`unread-${i}`, { created_at: at(i) })),
      ...Array.from({ length: 50 }, (_, i) =>
        row(`read-${i}`, { created_at: `2026-11-25T10:${String(i).padStart(2, '0')}:00.000000+00:00`, read_at: at(0) }),
      ),
    ]);
    const list = await notificationList(db, 'me');
    const unread = list.filter((n) => n._unread === 1);
    expect(unread).toHaveLength(await unreadNotificationCount(db, 'me'));
    expect(unread).toHaveLength(11);
    expect(list.slice(0, 11).map((n) => n.id)).toEqual(Array.from({ length: 11 }, (_, i) => `unread-${10 - i}`));
    expect(list).toHaveLength(50);
    expect(list[11]!.id).toBe('read-49');
  });
});
