// Structural sharing for read results: a new result keeps every part equal to the previous one's as that very
// object, so a reader comparing by identity (React, memo, an effect's deps) sees only what changed, and a result
// with nothing changed is the previous result itself.

const isPlain = (value: unknown): value is Record<string, unknown> =>
  Array.isArray(value) ||
  (typeof value === 'object' && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value)));

/**
 * `next`, with each array and plain object equal to its place in `previous` replaced by the previous one; other
 * objects (dates, maps, class instances) are kept only when they are the same object.
 */
export function keepUnchanged<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next) || !isPlain(previous) || !isPlain(next)) return next;
  if (Array.isArray(previous) !== Array.isArray(next)) return next;
  const keys = Object.keys(next);
  let same = keys.length === Object.keys(previous).length;
  const kept = (Array.isArray(next) ? [] : {}) as Record<string, unknown>;
  for (const key of keys) {
    const had = Object.hasOwn(previous, key);
    kept[key] = had ? keepUnchanged(previous[key], next[key]) : next[key];
    same &&= had && kept[key] === previous[key];
  }
  return (same ? previous : kept) as T;
}
