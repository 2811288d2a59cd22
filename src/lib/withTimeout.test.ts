import { expect, test } from 'vitest';
import { withTimeout } from './withTimeout.ts';

test('an answer in time is the answer, and a refusal in time is the refusal', async () => {
  await expect(withTimeout(Promise.resolve('rows'), 60_000, () => 'late')).resolves.toBe('rows');
  await expect(withTimeout(Promise.reject(new Error('refused')), 60_000, () => 'late')).rejects.toThrow('refused');
});

test('once the time is up, what late gives, or what it throws', async () => {
  const never = new Promise<string>(() => undefined);
  await expect(withTimeout(never, 0, () => undefined)).resolves.toBeUndefined();
  await expect(
    withTimeout(never, 0, () => {
      throw new Error('timed out');
    }),
  ).rejects.toThrow('timed out');
});
