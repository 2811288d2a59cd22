import { expect, test } from 'vitest';
import { ago as agoText, fullTime, listAge, relativeAge } from './relativeTime.ts';

const now = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

test.each([
  [10_000, 'just now'],
  [5 * 60_000, '5m'],
  [3 * 3_600_000, '3h'],
  [2 * 86_400_000, '2d'],
  [15 * 86_400_000, '2w'],
  [65 * 86_400_000, '2mo'],
  [800 * 86_400_000, '2y'],
])('%i ms ago is %s', (ms, expected) => {
  expect(relativeAge(ago(ms), now)).toBe(expected);
});

test('a time in the future (clock skew) reads as just now', () => {
  expect(relativeAge(new Date(now + 60_000).toISOString(), now)).toBe('just now');
});

test('lists show relative age within a day and the full date after', () => {
  expect(listAge(ago(23 * 3_600_000), now)).toBe('23h');
  // In UTC: no instant is the same day in every zone (UTC+14 is already Nov 4 here); the next test reads zones.
  expect(listAge('2026-11-03T12:00:00Z', now, 'UTC')).toBe('Nov 3, 2026');
});

test("an age in a sentence reads '5m ago', but 'just now' as it is", () => {
  expect(agoText(ago(10_000), now)).toBe('just now');
  expect(agoText(ago(5 * 60_000), now)).toBe('5m ago');
});

test('a date is written alike on the server and in any browser: a fixed locale, in the zone asked for', () => {
  // 20:30 UTC on Nov 3 is already Nov 4 at UTC+14, and still Nov 3 at UTC-12.
  const iso = '2026-11-03T20:30:00Z';
  expect(listAge(iso, now, 'UTC')).toBe('Nov 3, 2026');
  expect(listAge(iso, now, 'Etc/GMT-14')).toBe('Nov 4, 2026');
  expect(fullTime(iso, 'UTC')).toBe('Nov 3, 2026, 8:30 PM');
  expect(fullTime(iso, 'Etc/GMT+12')).toBe('Nov 3, 2026, 8:30 AM');
});

test("the reader's own zone and UTC read as Intl writes them, noon and midnight included", () => {
  const times = ['2026-01-01T00:05:00Z', '2026-06-15T12:00:00Z', '2025-12-31T23:59:00Z', '2025-03-09T07:41:00Z'];
  for (const iso of times) {
    for (const timeZone of [undefined, 'UTC', 'Asia/Kolkata']) {
      const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone });
      const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
      expect(listAge(iso, now, timeZone)).toBe(date.format(new Date(iso)));
      // Some ICU versions put a narrow space before AM/PM; ours is a plain one, everywhere.
      expect(fullTime(iso, timeZone)).toBe(dateTime.format(new Date(iso)).replace('\u202f', ' '));
    }
  }
  expect(fullTime('2026-01-01T00:05:00Z', 'UTC')).toBe('Jan 1, 2026, 12:05 AM');
  expect(fullTime('2026-06-15T12:00:00Z', 'UTC')).toBe('Jun 15, 2026, 12:00 PM');
});
