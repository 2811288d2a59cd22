import { expect, it } from 'vitest';
import { bucketOf, bucketRange, decodePlaces, encodePlaces, keyParts } from './postingsFormat.ts';

it('reads back the places it wrote, small gaps and large, each character in one byte', () => {
  const places = [0, 1, 2, 130, 131, 16_600, 2_000_000];
  const encoded = encodePlaces(places);
  expect(decodePlaces(encoded)).toEqual(places);
  expect([...encoded].every((c) => c.charCodeAt(0) < 0x100)).toBe(true);
  expect(encodePlaces([3, 4, 5])).toHaveLength(3);
});

it("names a term's bucket, or every bucket a shorter term starts", () => {
  expect(bucketOf('masternode')).toBe('mas');
  expect(bucketRange('mastern')).toEqual(['mas ', 'mas \uffff']);
  expect(bucketRange('ma')).toEqual(['ma', 'ma\uffff']);
  expect(keyParts('mas w1x')).toEqual({ bucket: 'mas', write: 'w1x' });
});
