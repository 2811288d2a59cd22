import { describe, expect, it } from 'vitest';
import type { FailedEntry, Write } from '../data/outboxTypes.ts';
import { failedText, failuresForThread } from './failedForThread.ts';

const post = (id: string, threadId: string) => ({
  id,
  thread_id: threadId,
  author_id: 'me',
  content: `text of ${id}`,
  type: 'reply' as const,
  images: [],
  is_first_post: false,
});
const failed = (id: string, write: Write): FailedEntry => ({
  id,
  userId: 'me',
  write,
  createdAt: 0,
  failedAt: 0,
  reason: 'refused',
});

describe('failed writes on a thread screen', () => {
  const entries = [
    failed('f1', { kind: 'reply', post: post('p1', 't1') }),
    failed('f2', { kind: 'editPost', id: 'p2', content: 'mine', images: [], baseVersion: 1 }),
    failed('f3', { kind: 'reply', post: post('p9', 't2') }),
    failed('f4', { kind: 'editPost', id: 'gone', content: 'x', images: [], baseVersion: 1 }),
    failed('f5', {
      kind: 'message',
      message: { id: 'm', sender_id: 'me', recipient_id: 'u', subject: 's', content: 'c' },
    }),
    failed('f6', { kind: 'reply', post: post('p3', 't1') }),
  ];

  it('hangs each failure under its post and keeps other threads out', () => {
    const { byPost, loose } = failuresForThread(entries, 't1', new Set(['p1', 'p2']));
    expect([...byPost.keys()]).toEqual(['p1', 'p2']);
    expect(byPost.get('p2')?.id).toBe('f2');
    // A reply of this thread whose row is not on screen is still listed; unrelated writes are not.
    expect(loose.map((e) => e.id)).toEqual(['f6']);
  });

  it('offers the text each kind of write would send', () => {
    expect(failedText(entries[0]!.write)).toBe('text of p1');
    expect(failedText(entries[1]!.write)).toBe('mine');
    expect(failedText({ kind: 'deletePost', id: 'p1' })).toBeNull();
  });
});
