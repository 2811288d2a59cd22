import { describe, expect, it } from 'vitest';
import { indexWords, matchesAllTerms, searchTerms } from './searchTerms.ts';
import { foldText, longWordsOf, wordsOf } from './searchWords.ts';

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
    // ASCII text alone, which is split another way, the same.
    expect(wordsOf('**GUAPX** wallet: 1,000 GUAPX (v2.1) - wallet_sync')).toEqual(
      wordsOf('**GUAPX** wallet: 1,000 GUAPX (v2.1) — wallet_sync'),
    );
    expect(wordsOf('Tab\there, new\nline; ~back`tick^ {x|y} @all')).toEqual([
      'tab',
      'here',
      'new',
      'line',
      'back',
      'tick',
      'x',
      'y',
      'all',
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

  it('indexes neither words of one or two letters nor the commonest ones, but every Chinese or Japanese character', () => {
    expect(indexWords('The wallet is on v2 and it has a GUAPX seed: 你好')).toEqual([
      'wallet',
      'guapx',
      'seed',
      '你',
      '好',
    ]);
    // A write of this device indexes the common words too when its words were not split ahead: they only add entries.
    expect(longWordsOf('The wallet is on v2')).toEqual(['the', 'wallet']);
  });

  it('drops from a query the words the index leaves out, unless they are all it has', () => {
    expect(searchTerms('the wallet of v2')).toEqual(['wallet']);
    expect(matchesAllTerms(indexWords('Go GUAPX, go!'), searchTerms('go guapx'))).toBe(true);
    // Typed so far, a short start still finds the words it starts.
    expect(searchTerms('gu')).toEqual(['gu']);
    expect(matchesAllTerms(indexWords('GUAPX staking'), searchTerms('gu'))).toBe(true);
  });
});
