import { describe, expect, it } from 'vitest';
import { interpretKey, SEQUENCE_MS, type KeyPress } from './keymap.ts';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: { tagName: 'BODY' },
  ...extra,
});

describe('interpretKey', () => {
  it('maps the single keys to their actions', () => {
    const actions = ['j', 'k', 'o', 'Enter', 'r', 'q', 'l', 'b', '/', '?'].map(
      (key) => interpretKey(press(key), null, 0).action,
    );
    expect(actions).toEqual([
      'next',
      'previous',
      'open',
      'open',
      'reply',
      'quote',
      'like',
      'bookmark',
      'search',
      'help',
    ]);
    expect(interpretKey(press('x'), null, 0)).toEqual({ action: null, pending: null });
  });

  it('goes home on g then h, and only then', () => {
    const g = interpretKey(press('g'), null, 1000);
    expect(g).toEqual({ action: null, pending: { key: 'g', at: 1000 } });
    expect(interpretKey(press('h'), g.pending, 1000 + SEQUENCE_MS).action).toBe('home');
    // h alone, h too late, and g then another key are not "home"; the other key still does its own job.
    expect(interpretKey(press('h'), null, 0).action).toBeNull();
    expect(interpretKey(press('h'), g.pending, 1001 + SEQUENCE_MS)).toEqual({ action: null, pending: null });
    expect(interpretKey(press('j'), g.pending, 1100)).toEqual({ action: 'next', pending: null });
  });

  it('never takes a key typed in a field', () => {
    for (const target of [
      { tagName: 'INPUT' },
      { tagName: 'textarea' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
    ]) {
      expect(interpretKey(press('j', { target }), null, 0).action).toBeNull();
      expect(interpretKey(press('/', { target }), null, 0).action).toBeNull();
    }
    // A g typed in a field starts no sequence, so the h typed after it stays in the field's text.
    const typed = interpretKey(press('g', { target: { tagName: 'INPUT' } }), null, 0);
    expect(typed.pending).toBeNull();
    expect(interpretKey(press('j', { target: { tagName: 'BUTTON' } }), null, 0).action).toBe('next');
  });

  it('never takes a key pressed with Ctrl, Meta or Alt', () => {
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey'] as const) {
      expect(interpretKey(press('j', { [modifier]: true }), null, 0).action).toBeNull();
      expect(interpretKey(press('l', { [modifier]: true }), null, 0).action).toBeNull();
    }
    const g = interpretKey(press('g'), null, 0);
    expect(interpretKey(press('h', { ctrlKey: true }), g.pending, 10)).toEqual({ action: null, pending: null });
  });
});
