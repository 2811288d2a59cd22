import { expect, it } from 'vitest';
import {
  bucketOf,
  bucketRange,
  eachWordIn,
  encodeWord,
  keyParts,
  placesOf,
  segmentParts,
  segmentRange,
  segmentRows,
} from './postingsFormat.ts';
import { encodeSegment, segmentKey, UNSPLIT } from './postingsStores.ts';

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

it('reads back a segment: its ids, and each of its words whole with its places', () => {
  const segment = encodeSegment(['p1', 'p2', 'p3'], encodeWord('masternode', [0, 2]) + encodeWord('ledger', [1]));
  const { ids, words = '' } = segmentParts(segment);
  expect(ids).toEqual(['p1', 'p2', 'p3']);
  const seen: [string, number[]][] = [];
  eachWordIn(words, (word, places) => seen.push([word, places]));
  expect(seen).toEqual([
    ['masternode', [0, 2]],
    ['ledger', [1]],
  ]);
  expect(placesOf(words, 'mas')).toEqual([0, 2]);
  const key = segmentKey('posts', 'w1x', 200);
  expect(segmentRows(key)).toBe(200);
  const [from, to] = segmentRange('posts');
  expect(key > from && key < to).toBe(true);
  expect(segmentKey('threads', 'w1x', 200) < from || segmentKey('threads', 'w1x', 200) > to).toBe(true);
});

it('reads a segment written before its words could be split as its ids alone, and one of rows with no words as none', () => {
  expect(segmentParts(encodeSegment(['p1', 'p2'], UNSPLIT))).toEqual({ ids: ['p1', 'p2'], words: undefined });
  expect(segmentParts(encodeSegment(['p1'], ''))).toEqual({ ids: ['p1'], words: '' });
});
