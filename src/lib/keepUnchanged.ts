// Structural sharing for read results: a new result keeps every part equal to the previous one's as that very
// object, so a reader comparing by identity (React, memo, an effect's deps) sees only what changed, and a result
// with nothing changed is the previous result itself.

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function keepArray(previous: unknown[], next: unknown[]): unknown[] {
  let same = previous.length === next.length;
  const kept = next.map((item, i) => {
    const value = i < previous.length ? keepUnchanged(previous[i], item) : item;
    if (value !== previous[i]) same = false;
    return value;
  });
  return same ? previous : kept;
}

function keepObject(previous: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(next);
  let same = keys.length === Object.keys(previous).length;
  const kept: Record<string, unknown> = {};
  for (const key of keys) {
    const value = Object.hasOwn(previous, key) ? keepUnchanged(previous[key], next[key]) : next[key];
    if (value !== previous[key] || !Object.hasOwn(previous, key)) same = false;
    kept[key] = value;
  }
  return same ? previous : kept;
}

/**
 * `next`, with each array, plain object and date equal to its place in `previous` replaced by the previous one; other
 * objects (maps, class instances) are kept only when they are the same object.
 */
export function keepUnchanged<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return next;
  if (Array.isArray(previous) && Array.isArray(next)) return keepArray(previous, next) as T;
  if (isPlainObject(previous) && isPlainObject(next)) return keepObject(previous, next) as T;
  if (previous instanceof Date && next instanceof Date && previous.getTime() === next.getTime()) return previous as T;
  return next;
}
