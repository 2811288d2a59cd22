import { expect, test } from 'vitest';
import { waitingSummary } from './waitingSummary.ts';

const write = (kind: string) => ({ write: { kind } }) as Parameters<typeof waitingSummary>[0][number];

test('says what waits, by kind and count, and nothing when nothing waits', () => {
  expect(waitingSummary([])).toBeNull();
  expect(waitingSummary([write('reply')])).toBeNull();
  expect(waitingSummary([write('message')])).toBe('1 message waiting to send');
  expect(waitingSummary([write('message'), write('deleteMessage'), write('deleteMessage')])).toBe(
    '1 message and 2 deletions waiting to send',
  );
  expect(waitingSummary([write('markRead'), write('message'), write('deleteMessage'), write('markRead')])).toBe(
    '2 read receipts, 1 message and 1 deletion waiting to send',
  );
});
