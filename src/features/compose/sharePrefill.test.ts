import { describe, expect, it } from 'vitest';
import { sharePrefill } from './sharePrefill.ts';

describe('sharePrefill', () => {
  it('is null without shared fields', () => {
    expect(sharePrefill('')).toBeNull();
    expect(sharePrefill('?other=1')).toBeNull();
    expect(sharePrefill('?title=&text=%20')).toBeNull();
  });

  it('takes the title, and the text then the link as content', () => {
    expect(sharePrefill('?title=GUAPX%20listed&text=Big%20news&url=https%3A%2F%2Fexample.com%2Fa')).toEqual({
      title: 'GUAPX listed',
      content: 'Big news\n\nhttps://example.com/a',
    });
  });

  it('does not repeat a link that the text already holds', () => {
    expect(sharePrefill('?text=Read%20https%3A%2F%2Fexample.com%2Fa&url=https%3A%2F%2Fexample.com%2Fa')).toEqual({
      title: '',
      content: 'Read https://example.com/a',
    });
  });

  it('turns a shared YouTube link into the video marker', () => {
    expect(sharePrefill('?url=https%3A%2F%2Fyoutu.be%2FdQw4w9WgXcQ')).toEqual({
      title: '',
      content: '[youtube:dQw4w9WgXcQ]',
    });
  });

  it('reads + as a space, as forms encode it', () => {
    expect(sharePrefill('?title=Hello+world')?.title).toBe('Hello world');
  });
});
