import { describe, expect, it } from 'vitest';
import type { MediaBucket } from '../../backend/media.ts';
import { checkFile, imageMarkdown, MAX_UPLOAD_BYTES, uploadImages, uploadPath } from './upload.ts';

const file = (name: string, type: string, size = 100) => new File([new Uint8Array(size)], name, { type });

describe('checkFile', () => {
  it('accepts images and GIF video', () => {
    expect(checkFile(file('a.png', 'image/png'))).toBeNull();
    expect(checkFile(file('a.gif', 'video/gif'))).toBeNull();
  });

  it('refuses other types with the spec text', () => {
    expect(checkFile(file('notes.txt', 'text/plain'))).toBe('notes.txt is not a valid image or GIF');
    expect(checkFile(file('clip.mp4', 'video/mp4'))).toBe('clip.mp4 is not a valid image or GIF');
  });

  it('allows exactly 10 MB and refuses one byte more', () => {
    expect(checkFile({ name: 'ok.png', type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkFile({ name: 'big.png', type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      'big.png is too large (max 10MB)',
    );
  });
});

describe('uploadPath and imageMarkdown', () => {
  it('puts the file under the member folder with a time, a random part and the extension', () => {
    expect(uploadPath('u1', file('Photo.JPG', 'image/jpeg'), 1700000000000, () => 0.5)).toMatch(
      /^u1\/1700000000000-[0-9a-z]{8}\.jpg$/,
    );
    expect(uploadPath('u1', file('pasted', 'image/jpeg'), 1, () => 0)).toBe('u1/1-00000000.jpg');
  });

  it('uses the file name as alt text, escaping brackets', () => {
    expect(imageMarkdown('a [1].png', 'https://x/a.png')).toBe('![a \\[1\\].png](https://x/a.png)');
  });
});

/** A bucket whose answer per file name is scripted; it records what it was asked. */
function fakeBucket(answers: Record<string, 'ok' | 'rls' | 'missing' | 'hang' | 'notImage'>) {
  const calls: { path: string; options: unknown }[] = [];
  const bucket: MediaBucket = {
    upload(path, body, options) {
      calls.push({ path, options });
      const answer = answers[(body as File).name];
      if (answer === 'hang') return new Promise(() => {});
      if (answer === 'rls')
        return Promise.resolve({ error: { message: 'new row violates row-level security policy' } });
      if (answer === 'missing') return Promise.resolve({ error: { message: 'Bucket not found' } });
      if (answer === 'notImage') {
        // Storage's answer (supabase/local/storage/mime.ts) to bytes that are not the image the type claims.
        const message = "mime type image/png is not supported: the file's content is not an image of type image/png";
        return Promise.resolve({ error: { __isStorageError: true, status: 415, statusCode: '415', message } });
      }
      return Promise.resolve({ error: null });
    },
    getPublicUrl: (path) => ({ data: { publicUrl: `https://cdn.test/media/${path}` } }),
  };
  return { bucket, calls };
}

describe('uploadImages', () => {
  it('skips each failing file with its own message and uploads the rest in order', async () => {
    const { bucket, calls } = fakeBucket({
      'a.png': 'ok',
      'b.png': 'rls',
      'c.gif': 'missing',
      'd.png': 'hang',
      'fake.png': 'notImage',
    });
    const errors: string[] = [];
    const kinds: string[] = [];
    const uploaded: string[] = [];
    const count = await uploadImages(
      [
        file('a.png', 'image/png'),
        file('notes.txt', 'text/plain'),
        file('b.png', 'image/png'),
        Object.defineProperty(file('huge.png', 'image/png'), 'size', { value: MAX_UPLOAD_BYTES + 1 }),
        file('c.gif', 'image/gif'),
        file('d.png', 'image/png'),
        file('fake.png', 'image/png'),
        file('e.webp', 'image/webp'),
      ],
      {
        bucket,
        userId: 'u1',
        timeoutMs: 20,
        onUploaded: (f, url) => uploaded.push(`${f.name} ${url}`),
        onError: (f) => {
          errors.push(f.message);
          kinds.push(f.kind);
        },
      },
    );
    expect(count).toBe(2);
    expect(uploaded).toEqual([
      expect.stringMatching(/^a\.png https:\/\/cdn\.test\/media\/u1\/\d+-[0-9a-z]{8}\.png$/),
      expect.stringMatching(/^e\.webp https:\/\/cdn\.test\/media\/u1\/.+\.webp$/),
    ]);
    expect(errors).toEqual([
      'notes.txt is not a valid image or GIF',
      'Permission denied. Please check storage policies.',
      'huge.png is too large (max 10MB)',
      'Storage bucket not found. Please contact support.',
      'Upload timed out for d.png',
      'fake.png is not a valid image or GIF',
    ]);
    expect(kinds).toEqual(['invalid', 'refused', 'invalid', 'refused', 'unavailable', 'refused']);
    expect(calls).toHaveLength(6);
    expect(calls[0]!.options).toMatchObject({ cacheControl: '3600', upsert: false });
  });

  it('refuses without a signed-in member and sends nothing', async () => {
    const { bucket, calls } = fakeBucket({});
    const errors: string[] = [];
    const count = await uploadImages([file('a.png', 'image/png')], {
      bucket,
      userId: null,
      onUploaded: () => {},
      onError: (f) => errors.push(f.message),
    });
    expect(count).toBe(0);
    expect(errors).toEqual(['You must be logged in to upload images']);
    expect(calls).toEqual([]);
  });
});
