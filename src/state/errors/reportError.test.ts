import { PostgrestError } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { AppError, backendError, NO_CONNECTION, toAppError } from '../../backend/errors.ts';
import { FAILURES, uploadFileFailure } from '../../backend/failureTexts.ts';
import { createErrorReporter } from './reportError.ts';

function reporter() {
  const shown: string[] = [];
  const log = { error: vi.fn(), warn: vi.fn() };
  return { shown, log, ...createErrorReporter({ show: (text) => shown.push(text), log }) };
}

describe('reportError', () => {
  it('shows a network failure as the connection text and logs nothing', () => {
    const r = reporter();
    const failure = r.reportError(new TypeError('Failed to fetch'), FAILURES.reply);
    expect(r.shown).toEqual([NO_CONNECTION]);
    expect(failure.kind).toBe('network');
    expect(r.log.error).not.toHaveBeenCalled();
    expect(r.log.warn).not.toHaveBeenCalled();
  });

  it('shows a bug with the generic text, never as offline, and logs it once with its stack', () => {
    const r = reporter();
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    r.reportError(bug, FAILURES.reply);
    expect(r.shown).toEqual(['Failed to post reply']);
    expect(r.log.error).toHaveBeenCalledTimes(1);
    const [, logged] = r.log.error.mock.calls[0]!;
    expect(logged).toBe(bug);
    expect((logged as Error).stack).toContain('reportError.test.ts');
  });

  it('shows a refusal as the action text without logging it as a bug, and answers it for the form', () => {
    const r = reporter();
    const error = new PostgrestError({ message: 'permission denied', code: '42501', details: '', hint: '' });
    const failure = r.reportError(backendError('Failed to delete thread', error, 403), FAILURES.deleteThread);
    expect(r.shown).toEqual(['Failed to delete thread']);
    expect(failure).toMatchObject({ kind: 'refused', code: '42501' });
    expect(r.log.error).not.toHaveBeenCalled();
  });

  it('logs the error first thrown when the bug was mapped before it was reported (a file of an upload)', () => {
    const r = reporter();
    const bug = new TypeError("Cannot read properties of null (reading 'insert')");
    r.reportError(toAppError(bug, uploadFileFailure('a.png')));
    expect(r.shown).toEqual(["Failed to upload a.png: Cannot read properties of null (reading 'insert')"]);
    expect(r.log.error.mock.calls).toEqual([[r.shown[0], bug]]);
  });

  it('without texts, shows an AppError as its own message', () => {
    const r = reporter();
    r.reportError(new AppError('invalid', 'Invalid YouTube URL'));
    expect(r.shown).toEqual(['Invalid YouTube URL']);
    expect(r.log.error).not.toHaveBeenCalled();
  });
});

describe('logError', () => {
  it('logs a bug with its stack, a refusal as a warning, and nothing for the network; it shows nothing', () => {
    const r = reporter();
    const bug = new Error('mirror schema mismatch');
    r.logError(bug, 'Mirror read failed');
    r.logError(new AppError('unavailable', 'Search failed: upstream timeout', { status: 504 }), 'Server search failed');
    r.logError(new TypeError('fetch failed'), 'Server search failed');
    expect(r.log.error.mock.calls).toEqual([['Mirror read failed', bug]]);
    expect(r.log.warn.mock.calls).toEqual([['Server search failed', 'Search failed: upstream timeout']]);
    expect(r.shown).toEqual([]);
  });
});
