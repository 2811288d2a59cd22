import { describe, expect, it } from 'vitest';
import { markedSnippet, parseSnippet, plainSnippet, plainText, queryTerms } from './snippet.ts';

describe('parseSnippet', () => {
  it('splits marked words into highlighted segments', () => {
    expect(parseSnippet('the [[masternode]] guide for [[Pi]]')).toEqual([
      { text: 'the ', highlight: false },
      { text: 'masternode', highlight: true },
      { text: ' guide for ', highlight: false },
      { text: 'Pi', highlight: true },
    ]);
  });

  it('keeps an unclosed marker, and drops an empty one', () => {
    expect(parseSnippet('a [[b')).toEqual([{ text: 'a [[b', highlight: false }]);
    expect(parseSnippet('a [[]] b')).toEqual([
      { text: 'a ', highlight: false },
      { text: ' b', highlight: false },
    ]);
  });

  it('leaves markup as text: segments are never HTML', () => {
    const segments = parseSnippet('<img src=x onerror=alert(1)> [[<script>alert(1)</script>]]');
    expect(segments).toEqual([
      { text: '<img src=x onerror=alert(1)> ', highlight: false },
      { text: '<script>alert(1)</script>', highlight: true },
    ]);
  });
});

describe('queryTerms', () => {
  it('lowercases, splits on anything but letters and digits, and drops repeats', () => {
    expect(queryTerms('  Raspberry-Pi  pi, Wallet! ')).toEqual(['raspberry', 'pi', 'wallet']);
    expect(queryTerms('Ünïcode 2026')).toEqual(['ünïcode', '2026']);
    expect(queryTerms(' ,.; ')).toEqual([]);
  });
});

describe('markedSnippet', () => {
  it('marks every term, ignoring case, around the first match of a flattened post', () => {
    const post = '## Requirements\n- a **VPS** with 2 GB of RAM, or a [Raspberry Pi 4](https://example.com)';
    expect(plainText(post)).toBe('Requirements - a VPS with 2 GB of RAM, or a Raspberry Pi 4');
    expect(markedSnippet(post, ['vps', 'raspberry'])).toBe(
      'Requirements - a [[VPS]] with 2 GB of RAM, or a [[Raspberry]] Pi 4',
    );
  });

  it('cuts a long text around the match with ellipses', () => {
    const text = `${'word '.repeat(100)}needle ${'tail '.repeat(100)}`;
    const snippet = markedSnippet(text, ['needle'], 80);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('[[needle]]');
    expect(snippet.length).toBeLessThan(100);
  });

  it('treats regular-expression characters in a term literally', () => {
    expect(markedSnippet('costs $2.10 (a+b)', ['a+b'])).toBe('costs $2.10 ([[a+b]])');
  });

  it('marks a word whatever its accents, as the search finds it', () => {
    expect(markedSnippet('Le Café ouvre à NAÏVE heure', ['cafe', 'naive', 'a'])).toBe(
      'Le [[Café]] ouvre [[à]] [[NAÏVE]] heure',
    );
  });
});

describe('plainSnippet', () => {
  it('drops the markup of a snippet cut from markdown and keeps its marks', () => {
    expect(plainSnippet('[[wallet]] beta** is out, see `peers.dat`')).toBe('[[wallet]] beta is out, see peers.dat');
    expect(plainSnippet('the [[node]] guide](https://example.com/a) and **more**')).toBe('the [[node]] guide and more');
    expect(plainSnippet('see [the [[docs]]](https://x.test)')).toBe('see the [[docs]]');
    expect(plainSnippet('> quoted *word* in snake_case, 2 > 1')).toBe('quoted word in snake_case, 2 > 1');
  });
});
