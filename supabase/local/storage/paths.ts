// Object keys from request paths: percent-decoded, and refused when they could escape or confuse the bucket.
import { invalidBucketName, invalidKey } from './errors.ts';

const MAX_KEY_LENGTH = 1024;

/** Splits "bucket/a/b.png" into the bucket id and a checked object name. */
export function bucketAndName(rest: string): { bucketId: string; name: string } {
  const slash = rest.indexOf('/');
  if (slash <= 0) throw invalidKey(rest);
  const bucketId = bucketIdOf(rest.slice(0, slash));
  const name = checkedName(
    rest
      .slice(slash + 1)
      .split('/')
      .map(decode)
      .join('/'),
  );
  return { bucketId, name };
}

/** Storage API's bucket naming rule (isValidBucketName): a name outside it cannot exist, so it is refused as such. */
const BUCKET_NAME = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)+$/;

/** A bucket id from its percent-encoded path segment. */
export function bucketIdOf(segment: string): string {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    throw invalidBucketName();
  }
  if (!BUCKET_NAME.test(id) || id.length > 100) throw invalidBucketName();
  return id;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidKey(segment);
  }
}

/** No absolute paths, no empty, "." or ".." segments, no backslashes or control characters. */
export function checkedName(name: string): string {
  const segments = name.split('/');
  const bad =
    name.length === 0 ||
    name.length > MAX_KEY_LENGTH ||
    name.includes('\\') ||
    [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) ||
    segments.some((s) => s === '' || s === '.' || s === '..');
  if (bad) throw invalidKey(name);
  return name;
}
