import { describe, expect, test } from 'vitest';
import { AppError } from '../../backend/errors.ts';
import type { ActivityEntry } from '../../backend/profiles.ts';
import { activityOf } from './activity.ts';

type Read = Parameters<typeof activityOf>[0];
const entry = { kind: 'reply' } as ActivityEntry;
const view = (state: Read['state'], data?: { hidden: boolean }, error?: AppError): Read => ({
  state,
  data: data && { entries: data.hidden ? [] : [entry], hidden: data.hidden },
  updatedAt: data ? 1 : undefined,
  stale: false,
  error,
});

describe('activityOf', () => {
  test('a list is shown while online, refreshing or offline', () => {
    expect(activityOf(view('ready', { hidden: false }), true)).toEqual({ state: 'ready', entries: [entry] });
    expect(activityOf(view('ready', { hidden: false }), false)).toEqual({ state: 'ready', entries: [entry] });
  });

  test('kept private reads as offline once offline, and as failed after a refused refresh', () => {
    expect(activityOf(view('ready', { hidden: true }), true).state).toBe('hidden');
    expect(activityOf(view('ready', { hidden: true }), false).state).toBe('offline');
    expect(activityOf(view('ready', { hidden: true }, new AppError('refused', 'No')), true).state).toBe('failed');
  });

  test('nothing to show: the read state', () => {
    expect(activityOf(view('loading'), true).state).toBe('loading');
    expect(activityOf(view('offline'), false).state).toBe('offline');
    expect(activityOf(view('failed', undefined, new AppError('refused', 'No')), true).state).toBe('failed');
  });
});
