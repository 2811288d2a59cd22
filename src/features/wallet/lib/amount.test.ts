import { describe, expect, it } from 'vitest';
import { exactGuapx, formatGuapx, formatSignedGuapx, parseWei } from './amount.ts';

const GUAPX = 10n ** 18n;

describe('formatGuapx', () => {
  it.each([
    ['0', '0.0000'],
    ['1', '< 0.0001'],
    [(5n * 10n ** 13n - 1n).toString(), '< 0.0001'],
    [GUAPX.toString(), '1.0000'],
    ['1500000000000000000', '1.5000'],
    ['123456789000000000000', '123.4568'],
    [(10n ** 30n).toString(), '1,000,000,000,000.0000'],
    [(10n ** 30n + 1n).toString(), '1,000,000,000,000.0000'],
    ['1234567800000000000000', '1,234.5678'],
    ['999500000000000000000', '999.5000'],
    // As a float, 10^30 + 0.00005 GUAPX is 10^30: the half step that shows is lost.
    [(10n ** 30n + 5n * 10n ** 13n).toString(), '1,000,000,000,000.0001'],
  ])('%s wei reads %s', (wei, expected) => {
    expect(formatGuapx(wei)).toBe(expected);
  });

  it('rounds half up at the fifth decimal', () => {
    const half = 5n * 10n ** 13n; // 0.00005 GUAPX
    expect(formatGuapx(half.toString())).toBe('0.0001');
    expect(formatGuapx((half - 1n).toString())).toBe('< 0.0001');
    expect(formatGuapx((GUAPX + half).toString())).toBe('1.0001');
    expect(formatGuapx((GUAPX + half - 1n).toString())).toBe('1.0000');
  });

  it('carries a rounding into the whole part', () => {
    expect(formatGuapx((GUAPX - 1n).toString())).toBe('1.0000');
    expect(formatGuapx((10n * GUAPX - 5n * 10n ** 13n).toString())).toBe('10.0000');
  });

  it('keeps leading zeros in the decimals', () => {
    expect(formatGuapx((GUAPX + 10n ** 14n).toString())).toBe('1.0001');
    expect(formatGuapx((5n * 10n ** 16n).toString())).toBe('0.0500');
  });

  it.each(['', '1.5', '-3', 'abc', '0x10', ' 1', '1e18', '+1', '1 000'])('refuses %j', (wei) => {
    expect(formatGuapx(wei)).toBeNull();
  });
});

describe('formatSignedGuapx', () => {
  it('marks a received amount with + and a sent one with -', () => {
    expect(formatSignedGuapx('2500000000000000000', 'Received')).toBe('+2.5000');
    expect(formatSignedGuapx('2500000000000000000', 'Sent')).toBe('-2.5000');
    expect(formatSignedGuapx((10n ** 30n).toString(), 'Sent')).toBe('-1,000,000,000,000.0000');
  });

  it('rounds the magnitude, so a sent half step reads -0.0001', () => {
    expect(formatSignedGuapx((5n * 10n ** 13n).toString(), 'Sent')).toBe('-0.0001');
  });

  it('gives no sign to an amount that shows as zero or under a step', () => {
    expect(formatSignedGuapx('0', 'Sent')).toBe('0.0000');
    expect(formatSignedGuapx('1', 'Sent')).toBe('< 0.0001');
    expect(formatSignedGuapx('1', 'Received')).toBe('< 0.0001');
  });

  it('gives no sign to a failed transfer: it moved nothing', () => {
    expect(formatSignedGuapx('2500000000000000000', 'Received', true)).toBe('2.5000');
    expect(formatSignedGuapx('2500000000000000000', 'Sent', true)).toBe('2.5000');
  });

  it.each(['', '-3', '0x10'])('refuses %j', (wei) => {
    expect(formatSignedGuapx(wei, 'Received')).toBeNull();
  });
});

describe('exactGuapx', () => {
  it.each([
    ['1', '0.000000000000000001'],
    ['0', '0'],
    [(2000n * GUAPX).toString(), '2,000'],
    ['1234567800000000000000', '1,234.5678'],
    [(10n ** 47n + 1n).toString(), '100,000,000,000,000,000,000,000,000,000.000000000000000001'],
  ])('%s wei is %s GUAPX, every wei of it', (wei, expected) => {
    expect(exactGuapx(wei)).toBe(expected);
  });

  it.each(['', '-3', '0x10'])('refuses %j', (wei) => {
    expect(exactGuapx(wei)).toBeNull();
  });
});

describe('parseWei', () => {
  it('reads digits exactly, however large', () => {
    expect(parseWei('1000000000000000000000000000001')).toBe(10n ** 30n + 1n);
    expect(parseWei('007')).toBe(7n);
  });

  it.each(['', '1.5', '-3', 'abc', '0x10'])('refuses %j', (wei) => {
    expect(parseWei(wei)).toBeNull();
  });
});
