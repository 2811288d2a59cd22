import { describe, expect, it } from 'vitest';
import { INITIAL_STATUS, type SyncStatus } from '../../sync/status.ts';
import { firstSyncOf } from './useFirstSync.ts';

/** The status an engine starts with: online, nothing pulled yet. */
const booted: SyncStatus = INITIAL_STATUS;
const firstPull = { rows: 12, firstLoad: true };

describe('the first sync as lists show it', () => {
  it('is on its way before the first pull, and shows progress during it', () => {
    expect(firstSyncOf(booted)).toEqual({ active: true, rows: 0, failed: false });
    expect(firstSyncOf({ ...booted, pulling: firstPull })).toEqual({ active: true, rows: 12, failed: false });
  });

  it('failed when the server refused it, and stays failed while another pull tries again', () => {
    const refused = { ...booted, lastError: 'internal error' };
    expect(firstSyncOf(refused)).toEqual({ active: false, rows: 0, failed: true });
    expect(firstSyncOf({ ...refused, pulling: firstPull })).toEqual({ active: false, rows: 0, failed: true });
    expect(firstSyncOf({ ...refused, lastError: null, lastSyncAt: 1 })).toEqual({
      active: false,
      rows: 0,
      failed: false,
    });
  });

  it('is not a failure when the server could not be reached: a new try shows progress again', () => {
    const unreachable = { ...booted, lastError: 'Failed to fetch', unreachable: true };
    expect(firstSyncOf(unreachable).failed).toBe(false);
    expect(firstSyncOf({ ...unreachable, pulling: firstPull })).toEqual({ active: true, rows: 12, failed: false });
  });
});
