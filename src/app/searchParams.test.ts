import { expect, test } from 'vitest';
import { parseAuthSearch, parseMessagesSearch, parseThreadsSearch } from './searchParams.ts';

test('?register=true opens Create Account, whether the router parsed it as a boolean or a string', () => {
  expect(parseAuthSearch({ register: true }).register).toBe(true);
  expect(parseAuthSearch({ register: 'true' }).register).toBe(true);
  expect(parseAuthSearch({ register: 'no' }).register).toBeUndefined();
});

test('the return path is kept only when it stays on this site', () => {
  expect(parseAuthSearch({ redirect: '/messages?x=1' }).redirect).toBe('/messages?x=1');
  expect(parseAuthSearch({ redirect: 'https://evil.test/' }).redirect).toBeUndefined();
  expect(parseAuthSearch({ redirect: '//evil.test/' }).redirect).toBeUndefined();
});

test('the threads list takes a page from 2 up and a trimmed query', () => {
  expect(parseThreadsSearch({ page: '3', q: '  staking ' })).toEqual({ page: 3, q: 'staking' });
  expect(parseThreadsSearch({ page: 1, q: '' })).toEqual({ page: undefined, q: undefined });
  expect(parseThreadsSearch({ page: 'x' })).toEqual({ page: undefined, q: undefined });
});

test('the threads list takes the read filter Unread or New, and anything else as All', () => {
  expect(parseThreadsSearch({ filter: 'unread' }).filter).toBe('unread');
  expect(parseThreadsSearch({ filter: 'new', page: '2' })).toEqual({ filter: 'new', page: 2, q: undefined });
  expect(parseThreadsSearch({ filter: 'all' }).filter).toBeUndefined();
  expect(parseThreadsSearch({ filter: 'UNREAD' }).filter).toBeUndefined();
});

test('/messages takes a member to write to and a message to open only as ids', () => {
  const id = '0195f1c2-7a3b-7c4d-8e9f-0a1b2c3d4e5f';
  expect(parseMessagesSearch({ to: id, message: id.toUpperCase() })).toEqual({ to: id, message: id });
  expect(parseMessagesSearch({ to: 'admin', message: 42 })).toEqual({ to: undefined, message: undefined });
});
