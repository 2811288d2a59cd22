import { describe, expect, test } from 'vitest';
import { AppError } from '../../backend/errors.ts';
import { serverView, type Answer } from './serverQueryView.ts';

const online = (key: string | null, ask = 0) => ({ key, ask: String(ask), reachable: true });
const offline = (key: string, ask = 0) => ({ key, ask: String(ask), reachable: false });
const answered = (key: string, ask: number, value?: string, error?: AppError): Answer<string> => ({
  key,
  ask: String(ask),
  data: value === undefined ? undefined : { value, at: 1000 },
  error,
});

describe('serverView', () => {
  test('switched off: idle, whatever was answered before', () => {
    expect(serverView(answered('a', 0, 'rows'), online(null)).state).toBe('idle');
  });

  test('first ask: loading online, offline without a connection', () => {
    expect(serverView(undefined, online('a')).state).toBe('loading');
    expect(serverView(undefined, offline('a')).state).toBe('offline');
  });

  test('an answer for another key is not shown', () => {
    const view = serverView(answered('a', 0, 'rows of a'), online('b'));
    expect(view).toMatchObject({ state: 'loading', data: undefined });
  });

  test('the answer to the latest ask: ready and fresh', () => {
    expect(serverView(answered('a', 2, 'rows'), online('a', 2))).toMatchObject({
      state: 'ready',
      data: 'rows',
      updatedAt: 1000,
      stale: false,
    });
  });

  test('data kept while asking again, offline, and after a failed refresh, marked stale', () => {
    const refused = new AppError('refused', 'No');
    expect(serverView(answered('a', 1, 'rows'), online('a', 2))).toMatchObject({ state: 'ready', stale: true });
    expect(serverView(answered('a', 1, 'rows'), offline('a', 1))).toMatchObject({ state: 'ready', stale: true });
    expect(serverView(answered('a', 2, 'rows', refused), online('a', 2))).toMatchObject({
      state: 'ready',
      data: 'rows',
      stale: true,
      error: refused,
    });
  });

  test('a failure with nothing to show: failed, or offline when the connection was lost', () => {
    const refused = new AppError('refused', 'No');
    expect(serverView(answered('a', 0, undefined, refused), online('a'))).toMatchObject({
      state: 'failed',
      error: refused,
    });
    const lost = new AppError('network', 'No connection');
    expect(serverView(answered('a', 0, undefined, lost), online('a'))).toMatchObject({
      state: 'offline',
      error: undefined,
    });
  });

  test('a failure answers only its own ask: a retry shows loading again', () => {
    const refused = new AppError('refused', 'No');
    expect(serverView(answered('a', 0, undefined, refused), online('a', 1)).state).toBe('loading');
  });
});
