import { describe, expect, it } from 'vitest';
import { foldText, matchesAllTerms, searchTerms, wordsOf } from './searchWords.ts';

describe('search words', () => {
  it('folds case and accents, in precomposed and decomposed text alike', () => {
    expect(foldText('Café NAÏVE')).toBe('cafe naive');
    expect(foldText('Cafe\u0301')).toBe('cafe');
  });

  it('splits on anything but letters and digits, once per word', () => {
    expect(wordsOf('**GUAPX** wallet: 1,000 GUAPX (v2.1) — wallet_sync')).toEqual([
      'guapx',
      'wallet',
      '1',
      '000',
      'v2',
      'sync',
    ]);
    expect(wordsOf('Привет, мир! 你好')).toEqual(['привет', 'мир', '你好']);
  });

  it('reads a query as words each starting a word of the text', () => {
    expect(searchTerms('  Masternode  COLLA')).toEqual(['masternode', 'colla']);
    expect(matchesAllTerms(wordsOf('masternode collateral'), searchTerms('colla master'))).toBe(true);
    expect(matchesAllTerms(wordsOf('masternode collateral'), searchTerms('node'))).toBe(false);
  });
});
