import { expect, test } from 'vitest';
import type { MessageWithPeople } from '../../state/queries/messages.ts';
import { composeProblem, contentProblem, matchesSearch, personName, replySubject } from './messageFacts.ts';

const ME = 'me';
const SATOSHI = { id: 'sat', username: 'satoshi', display_name: 'Satoshi N', avatar_url: null, role: 'user' as const };

function message(over: Partial<MessageWithPeople>): MessageWithPeople {
  return {
    id: 'm1',
    sender_id: SATOSHI.id,
    recipient_id: ME,
    subject: 'Staking rewards',
    content: 'When do they arrive?',
    is_read: false,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    sync_txid: 1,
    _unread: 1,
    sender: SATOSHI,
    recipient: null,
    ...over,
  };
}

test("a reply's subject has 'Re: ' once, never 'Re: Re: '", () => {
  expect(replySubject('Staking rewards')).toBe('Re: Staking rewards');
  expect(replySubject('Re: Staking rewards')).toBe('Re: Staking rewards');
  expect(replySubject('RE: re:  Staking rewards')).toBe('Re: Staking rewards');
});

test('search matches subject, content and the other party by username or display name, every word', () => {
  const m = message({});
  expect(matchesSearch(m, ME, 'staking')).toBe(true);
  expect(matchesSearch(m, ME, 'ARRIVE')).toBe(true);
  expect(matchesSearch(m, ME, 'satoshi')).toBe(true);
  expect(matchesSearch(m, ME, 'Satoshi N rewards')).toBe(true);
  expect(matchesSearch(m, ME, 'staking mining')).toBe(false);
  expect(matchesSearch(m, ME, '   ')).toBe(true);
  // In Sent, the name searched is the recipient's.
  const sentByMe = message({ sender_id: ME, recipient_id: SATOSHI.id, sender: null, recipient: SATOSHI });
  expect(matchesSearch(sentByMe, ME, 'satoshi')).toBe(true);
});

test("a deleted account's messages still have a name", () => {
  expect(personName(null)).toBe('Deleted member');
  expect(personName({ ...SATOSHI, display_name: null })).toBe('satoshi');
});

test("'Please fill in all fields' unless recipient, subject and message all have text", () => {
  const full = { recipientId: SATOSHI.id, subject: 'Hi', content: 'Hello' };
  expect(composeProblem(full)).toBeNull();
  expect(composeProblem({ ...full, recipientId: '' })).toBe('Please fill in all fields');
  expect(composeProblem({ ...full, subject: '  ' })).toBe('Please fill in all fields');
  expect(composeProblem({ ...full, content: '\n' })).toBe('Please fill in all fields');
});

test('a message over 100,000 characters is refused in the form, with the cap in words; emoji count as one', () => {
  const full = { recipientId: SATOSHI.id, subject: 'Hi', content: 'x'.repeat(100_001) };
  expect(composeProblem(full)).toBe('Message is too long (max 100,000 characters)');
  expect(contentProblem('x'.repeat(100_000))).toBeNull();
  expect(contentProblem('🙂'.repeat(100_000))).toBeNull();
  expect(contentProblem('x'.repeat(100_001))).toBe('Message is too long (max 100,000 characters)');
});
