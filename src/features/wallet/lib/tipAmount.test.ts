import { expect, test } from 'vitest';
import { parseTipAmount } from './tipAmount.ts';

test('a typed amount is exact wei: whole, decimal, a comma for the point, and all 18 places', () => {
  expect(parseTipAmount('1')).toEqual({ ok: true, wei: 10n ** 18n });
  expect(parseTipAmount(' 0.1 ')).toEqual({ ok: true, wei: 10n ** 17n });
  expect(parseTipAmount('2,5')).toEqual({ ok: true, wei: 25n * 10n ** 17n });
  expect(parseTipAmount('0.000000000000000001')).toEqual({ ok: true, wei: 1n });
  expect(parseTipAmount('1000000000000')).toEqual({ ok: true, wei: 10n ** 30n });
});

test('no amount, zero, a sign, more than 18 places or words are refused with the reason', () => {
  expect(parseTipAmount('')).toEqual({ ok: false, message: 'Enter an amount such as 1.5' });
  expect(parseTipAmount('-1')).toEqual({ ok: false, message: 'Enter an amount such as 1.5' });
  expect(parseTipAmount('1e18')).toEqual({ ok: false, message: 'Enter an amount such as 1.5' });
  expect(parseTipAmount('.5')).toEqual({ ok: false, message: 'Enter an amount such as 1.5' });
  expect(parseTipAmount('0.00')).toEqual({ ok: false, message: 'Enter an amount above 0' });
  expect(parseTipAmount('0.0000000000000000001')).toEqual({ ok: false, message: 'GUAPX has at most 18 decimals' });
});
