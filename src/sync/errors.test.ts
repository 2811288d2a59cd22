import { describe, expect, it } from 'vitest';
import { classifyFailure, describeFailure } from './errors.ts';

describe('classifyFailure', () => {
  it.each([0, 408, 429, 500, 502, 503, 504])('retries status %i', (status) => {
    expect(classifyFailure({ message: 'x', status })).toBe('retry');
  });

  it.each([
    [400, '22P02'],
    [400, '23514'],
    [409, '23505'],
    [403, '42501'],
    [401, '42501'],
    [404, 'PGRST205'],
  ])('gives up on status %i code %s', (status, code) => {
    expect(classifyFailure({ message: 'x', status, code })).toBe('final');
  });
});

describe('describeFailure', () => {
  it('says a thread is locked in words, keeping the server message', () => {
    const text = describeFailure({ message: 'Thread is locked', code: '42501', status: 403 });
    expect(text).toBe('This thread is locked: replies are closed. (Thread is locked)');
  });

  it('says a post is too long, for a write the database refused past its cap', () => {
    const message = 'new row for relation "posts" violates check constraint "posts_content_max_length"';
    expect(describeFailure({ message, code: '23514', status: 400 })).toBe(
      `Content is too long (max 100,000 characters). (${message})`,
    );
  });
});
