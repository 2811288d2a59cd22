// SPEC §2: the gallery's column count follows the number of images: one, two, or three and more.
import { extractImages } from '../../content/images.ts';

export function galleryColumns(imageCount: number): 1 | 2 | 3 {
  if (imageCount <= 1) return 1;
  if (imageCount === 2) return 2;
  return 3;
}

/** The gallery's images: the markdown's http(s) images, which the server's `images` column is derived from. */
export function postImages(content: string): string[] {
  return extractImages(content);
}
