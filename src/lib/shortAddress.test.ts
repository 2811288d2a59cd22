import { describe, expect, it } from 'vitest';
import { shortAddress } from './shortAddress.ts';

describe('shortAddress', () => {
  it('keeps the first 6 and the last 4 characters of an address', () => {
    expect(shortAddress('0xAbC0000000000000000000000000000000000001')).toBe('0xAbC0...0001');
  });

  it('shows a value of 10 characters or fewer whole', () => {
    expect(shortAddress('')).toBe('');
    expect(shortAddress('0x12345678')).toBe('0x12345678');
    expect(shortAddress('0x123456789')).toBe('0x1234...6789');
  });
});
