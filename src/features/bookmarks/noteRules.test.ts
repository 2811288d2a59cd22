import { describe, expect, it } from 'vitest';
import { NOTE_MAX, noteLength, storedNote } from './noteRules.ts';

describe('bookmark notes', () => {
  it('counts characters as the database does, not UTF-16 units, and ignores the spaces around', () => {
    expect(noteLength('  read later  ')).toBe(10);
    expect(noteLength('🚀'.repeat(NOTE_MAX))).toBe(NOTE_MAX);
  });

  it('stores an empty note as none', () => {
    expect(storedNote('   ')).toBeNull();
    expect(storedNote(' why this matters ')).toBe('why this matters');
  });
});
