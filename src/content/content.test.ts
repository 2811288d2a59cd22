import { describe, expect, it } from 'vitest';
import { extractImages } from './images.ts';
import { quoteBlock, quoteExcerpt } from './quote.ts';
import { slugify, withSuffix } from './slug.ts';
import { youTubeId } from './youtube.ts';

describe('slugify', () => {
  it.each([
    ['  Hello World  ', 'hello-world'],
    ['GUAPX to the Moon!!! 🚀', 'guapx-to-the-moon'],
    ['Staking -- rewards   explained', 'staking-rewards-explained'],
    ['---Leading and trailing---', 'leading-and-trailing'],
    ['Ünïcödé lettérs stay', 'ünïcödé-lettérs-stay'],
    ['Tabs\tand\nnewlines', 'tabs-and-newlines'],
    ['🚀🚀🚀', 'thread'],
  ])('%j becomes %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('cuts at 100 characters', () => {
    expect(slugify('a'.repeat(150))).toHaveLength(100);
  });

  it('keeps a suffixed slug within 100 characters', () => {
    const slug = withSuffix('b'.repeat(100), () => 0.5);
    expect(slug).toHaveLength(100);
    expect(slug).toMatch(/^b+-[0-9a-z]{5}$/);
  });
});

describe('quote', () => {
  it('cuts the excerpt at 200 characters and adds an ellipsis', () => {
    expect(quoteExcerpt('x'.repeat(250))).toBe(`${'x'.repeat(200)}...`);
    expect(quoteExcerpt('short')).toBe('short');
  });

  it('writes "author said" then the excerpt as a markdown quote', () => {
    expect(quoteBlock('satoshi', 'line one\nline two')).toBe('> **satoshi said:**\n> line one\n> line two\n\n');
  });
});

describe('youTubeId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/v/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', 'dQw4w9WgXcQ'],
  ])('accepts %s', (url, id) => {
    expect(youTubeId(url)).toBe(id);
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://vimeo.com/123456789',
    'https://youtu.be.evil.example/dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'not a url',
  ])('refuses %s', (url) => {
    expect(youTubeId(url)).toBeNull();
  });
});

describe('extractImages', () => {
  it('takes http and https image links from markdown image syntax, once each', () => {
    const md =
      '![a](https://img.example/a.png) text ![b](http://img.example/b.gif "title") ![a](https://img.example/a.png)';
    expect(extractImages(md)).toEqual(['https://img.example/a.png', 'http://img.example/b.gif']);
  });

  it('ignores other protocols and plain links', () => {
    expect(
      extractImages('![x](javascript:alert(1)) ![y](data:image/png;base64,AAA) [z](https://a.example/z.png)'),
    ).toEqual([]);
  });
});
