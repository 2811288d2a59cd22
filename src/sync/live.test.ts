import { expect, test } from 'vitest';
import { reconnectAfterMs } from './live.ts';

test('the socket tries again after SPEC §9’s delays: 1, 2, 5, then every 10 s', () => {
  expect([1, 2, 3, 4, 5, 20].map(reconnectAfterMs)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
});
