import { describe, expect, it } from 'vitest';
import { isTooLong } from './postLength.ts';

describe('isTooLong', () => {
  it('takes 100,000 characters and refuses one more', () => {
    expect(isTooLong('a'.repeat(100_000))).toBe(false);
    expect(isTooLong('a'.repeat(100_001))).toBe(true);
  });

  it('counts an emoji as one character, as the database does', () => {
    expect(isTooLong('😀'.repeat(100_000))).toBe(false);
    expect(isTooLong('😀'.repeat(100_001))).toBe(true);
  });
});
