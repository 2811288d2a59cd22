// Shrinks a chosen avatar on the device before upload (a phone photo of a few MB becomes a few tens of KB): drawn
// at most 512 px on a canvas, saved as WebP (JPEG where the browser cannot write WebP). An animated GIF is kept
// whole, as a still frame would lose what it is; an image already small enough is kept as it was chosen.
import { avatarExtension, fitWithin, isAnimatedGif } from './avatarFile.ts';

interface AvatarUpload {
  body: Blob;
  ext: string;
}

async function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.85));
}

export async function resizeAvatar(file: File): Promise<AvatarUpload> {
  const original = { body: file, ext: avatarExtension(file.type) };
  if (file.type === 'image/gif' && isAnimatedGif(new Uint8Array(await file.arrayBuffer()))) return original;
  const bitmap = await createImageBitmap(file);
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    if (size.width === bitmap.width && size.height === bitmap.height) return original;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return original;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    // A browser that cannot write WebP answers PNG instead: JPEG is then the smaller choice.
    const webp = await encode(canvas, 'image/webp');
    const body = webp?.type === 'image/webp' ? webp : await encode(canvas, 'image/jpeg');
    return body ? { body, ext: avatarExtension(body.type) } : original;
  } finally {
    bitmap.close();
  }
}
