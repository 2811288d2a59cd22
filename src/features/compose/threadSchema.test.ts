import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../lib/validation.ts';
import { threadSchema } from './threadSchema.ts';

const valid = {
  categoryId: 'c4ca4238-a0b9-2382-0dcc-509a6f75849b',
  title: 'Staking rewards',
  content: 'How often are they paid?',
};

const errorsOf = (values: typeof valid) => {
  const result = threadSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
};

describe('threadSchema', () => {
  it('accepts a complete thread, trimmed', () => {
    const result = threadSchema.safeParse({ ...valid, title: '  Staking rewards  ' });
    expect(result.success && result.data.title).toBe('Staking rewards');
  });

  it('gives the spec messages', () => {
    expect(errorsOf({ categoryId: '', title: 'Hi', content: 'short' })).toEqual({
      categoryId: 'Please select a category',
      title: 'Title must be at least 5 characters',
      content: 'Content must be at least 10 characters',
    });
    expect(errorsOf({ ...valid, title: 'x'.repeat(201) })).toEqual({ title: 'Title is too long' });
    expect(errorsOf({ ...valid, content: 'x'.repeat(100_001) })).toEqual({
      content: 'Content is too long (max 100,000 characters)',
    });
  });

  it('takes 5 and 200 characters of title, and 10 to 100,000 of content', () => {
    expect(errorsOf({ ...valid, title: 'x'.repeat(5) })).toEqual({});
    expect(errorsOf({ ...valid, title: 'x'.repeat(200) })).toEqual({});
    expect(errorsOf({ ...valid, content: 'x'.repeat(10) })).toEqual({});
    expect(errorsOf({ ...valid, content: ` ${'x'.repeat(100_000)} ` })).toEqual({});
  });

  it('does not count surrounding spaces', () => {
    expect(errorsOf({ ...valid, title: '   abc   ', content: '  123456789  ' })).toEqual({
      title: 'Title must be at least 5 characters',
      content: 'Content must be at least 10 characters',
    });
  });
});
