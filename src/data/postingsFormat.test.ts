import { expect, it } from 'vitest';
import { bucketOf, bucketRange, encodeWord, keyParts, placesOf } from './postingsFormat.ts';

it('reads back the places it wrote, small gaps and large, each character of them in one byte', () => {
  const places = [0, 1, 2, 130, 131, 16_600, 2_000_000];
  const row = encodeWord('ternode', places) + encodeWord('s', [3, 4, 5]) + encodeWord('', [7]);
  expect(placesOf(row, 'ternode')).toEqual(places);
  expect(placesOf(row, 'tern')).toEqual(places);
  expect(placesOf(row, 's')).toEqual([3, 4, 5]);
  expect(placesOf(row, '')).toEqual([...places, 3, 4, 5, 7]);
  expect(placesOf(row, 'x')).toEqual([]);
  expect([...encodeWord('', places)].every((c) => c.charCodeAt(0) < 0x100)).toBe(true);
  // The word's end, a count and three one-character gaps.
  expect(encodeWord('s', [3, 4, 5])).toHaveLength(6);
});

it("names a term's bucket, or every bucket a shorter term starts", () => {
  expect(bucketOf('masternode')).toBe('mas');
  expect(bucketRange('mastern')).toEqual(['mas ', 'mas \uffff']);
  expect(bucketRange('ma')).toEqual(['ma', 'ma\uffff']);
  expect(keyParts('mas w1x')).toEqual({ bucket: 'mas', write: 'w1x' });
});
