import { describe, expect, it } from 'vitest';
import { keepUnchanged } from './keepUnchanged.ts';

const row = (id: string, updated_at: string, extra: object = {}) => ({
  id,
  updated_at,
  author: { name: 'Ann' },
  ...extra,
});

describe('keepUnchanged', () => {
  it('gives back the previous result itself when a new read found the same rows', () => {
    const previous = { state: 'ready', data: [row('a', '1'), row('b', '1', { tags: ['x'] })] };
    const next = { state: 'ready', data: [row('a', '1'), row('b', '1', { tags: ['x'] })] };
    expect(keepUnchanged(previous, next)).toBe(previous);
  });

  it('keeps the unchanged rows as they were and gives the changed one anew', () => {
    const previous = [row('a', '1'), row('b', '1'), row('c', '1')];
    const kept = keepUnchanged(previous, [row('a', '1'), row('b', '2'), row('c', '1')]);
    expect(kept).not.toBe(previous);
    expect(kept[0]).toBe(previous[0]);
    expect(kept[1]).toEqual(row('b', '2'));
    expect(kept[1]!.author).toBe(previous[1]!.author);
    expect(kept[2]).toBe(previous[2]);
  });

  it('sees a row added, a row gone and a field gone', () => {
    const previous = [row('a', '1')];
    expect(keepUnchanged(previous, [row('a', '1'), row('b', '1')])).toHaveLength(2);
    expect(keepUnchanged(previous, [])).toEqual([]);
    const withNote = { id: 'a', note: undefined as string | undefined };
    expect(keepUnchanged(withNote, { id: 'a' })).toStrictEqual({ id: 'a' });
    const plain = { id: 'a' };
    const gained = keepUnchanged(plain, withNote);
    expect(gained).not.toBe(plain);
    expect(gained).toStrictEqual(withNote);
  });

  it('keeps other objects only when they are the same, and tells an array from an object', () => {
    const day = new Date(5);
    expect(keepUnchanged(day, day)).toBe(day);
    const later = new Date(5);
    expect(keepUnchanged(day, later)).toBe(later);
    const ids = new Set(['a']);
    const other = new Set(['a']);
    expect(keepUnchanged(ids, other)).toBe(other);
    const list = ['a'];
    expect(keepUnchanged({ 0: 'a' }, list)).toBe(list);
    expect(keepUnchanged(1, 1)).toBe(1);
    expect(keepUnchanged(Number.NaN, Number.NaN)).toBeNaN();
  });
});
