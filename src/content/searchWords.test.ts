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
    expect(wordsOf('Привет, мир!')).toEqual(['привет', 'мир']);
  });

  it('reads each Chinese or Japanese character as a word, as those scripts put no spaces between words', () => {
    expect(wordsOf('你好世界 GUAPX')).toEqual(['你', '好', '世', '界', 'guapx']);
    expect(matchesAllTerms(wordsOf('你好世界'), searchTerms('世界'))).toBe(true);
    expect(matchesAllTerms(wordsOf('ウォレットを開く'), searchTerms('ウォレット'))).toBe(true);
    expect(matchesAllTerms(wordsOf('你好世界'), searchTerms('世人'))).toBe(false);
  });

  it('reads a query as words each starting a word of the text', () => {
    expect(searchTerms('  Masternode  COLLA')).toEqual(['masternode', 'colla']);
    expect(matchesAllTerms(wordsOf('masternode collateral'), searchTerms('colla master'))).toBe(true);
    expect(matchesAllTerms(wordsOf('masternode collateral'), searchTerms('node'))).toBe(false);
  });
});
