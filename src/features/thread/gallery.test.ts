import { describe, expect, it } from 'vitest';
import { galleryColumns, postImages } from './gallery.ts';

describe('post gallery', () => {
  it('uses one column for one image, two for two, three for three or more', () => {
    expect(galleryColumns(1)).toBe(1);
    expect(galleryColumns(2)).toBe(2);
    expect(galleryColumns(3)).toBe(3);
    expect(galleryColumns(9)).toBe(3);
  });

  it('takes only http and https markdown images, once each', () => {
    const md =
      '![a](https://x.test/a.png) ![b](http://x.test/b.gif) ![c](javascript:alert(1)) ![a](https://x.test/a.png)';
    expect(postImages(md)).toEqual(['https://x.test/a.png', 'http://x.test/b.gif']);
  });
});
