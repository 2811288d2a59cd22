import { describe, expect, it } from 'vitest';
import { classifyFailure, describeFailure } from './errors.ts';
import { rateLimitOf } from './rateLimitOf.ts';

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

  it('says a private message is too long in words, not only in the words of the database', () => {
    const message = 'new row for relation "messages" violates check constraint "messages_content_max_length"';
    expect(describeFailure({ message, code: '23514', status: 400 })).toBe(
      `Message is too long (max 100,000 characters). (${message})`,
    );
  });
});

describe('rate limits', () => {
  const refusal = {
    message: 'You are posting too quickly. Please wait 4 seconds.',
    code: 'PT429',
    status: 429,
    details: '{"limit":"post_interval","retry_after_s":4}',
  };

  it('reads which limit and how long to wait from a PT429 refusal, and retries it', () => {
    expect(rateLimitOf(refusal)).toEqual({ limit: 'post_interval', retryAfterS: 4 });
    expect(classifyFailure(refusal)).toBe('retry');
    // Whatever status a proxy gave it, the database's code says it is a wait, not a refusal.
    expect(classifyFailure({ ...refusal, status: 400 })).toBe('retry');
  });

  it.each([
    ['another code', { ...refusal, code: '42501', status: 403 }],
    ['no details', { ...refusal, details: null }],
    ['details that are not JSON', { ...refusal, details: 'slow down' }],
    ['no wait', { ...refusal, details: '{"limit":"post_interval"}' }],
    ['a wait under a second', { ...refusal, details: '{"limit":"post_interval","retry_after_s":0}' }],
  ])('is no rate limit with %s', (_, failure) => {
    expect(rateLimitOf(failure)).toBeNull();
  });
});
