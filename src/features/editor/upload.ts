// Editor image upload (SPEC §5 "Editor image upload", §7 "Storage", §8 "Editor upload errors"): checks each file,
// uploads it to the media bucket under the member's own folder, and maps every failure to the spec's text.
// A failing file is reported and skipped; the others go on.
import { AppError, toAppError } from '../../backend/errors.ts';
import { uploadFileFailure } from '../../backend/failureTexts.ts';
import type { MediaBucket } from '../../backend/media.ts';
import { withTimeout } from '../../lib/withTimeout.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const UPLOAD_TIMEOUT_MS = 10_000;
const NOT_LOGGED_IN = 'You must be logged in to upload images';

interface UploadFile {
  name: string;
  type: string;
  size: number;
}

/** The spec's refusal for a file that must not be sent, or null when it may be. */
export function checkFile(file: UploadFile): string | null {
  if (!file.type.startsWith('image/') && file.type !== 'video/gif') return `${file.name} is not a valid image or GIF`;
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is too large (max 10MB)`;
  return null;
}

/** `{user id}/{timestamp}-{random}.{ext}`: the own-folder rule of the storage policies, and never a name clash. */
export function uploadPath(userId: string, file: UploadFile, now: number, random: () => number): string {
  const fromName = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1];
  const fromType = file.type
    .split('/')[1]
    ?.replace('jpeg', 'jpg')
    .replace(/[^a-z0-9]/gi, '');
  const ext = (fromName ?? fromType ?? 'bin').toLowerCase();
  const id = Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  return `${userId}/${now}-${id}.${ext}`;
}

/** Alt text is the file name; brackets would end the markdown image early, so they are escaped. */
export const imageMarkdown = (name: string, url: string) => `![${name.replace(/([[\]\\])/g, '\\$1')}](${url})`;

interface UploadDeps {
  bucket: MediaBucket;
  userId: string | null;
  onUploaded(file: UploadFile, url: string): void;
  /** Each failure with the spec's text as its message (SPEC §8 "Editor upload errors"). */
  onError(failure: AppError): void;
  timeoutMs?: number;
  now?: () => number;
  random?: () => number;
}

/** Uploads the files one after another, in the order chosen; returns how many made it. */
export async function uploadImages<F extends UploadFile & Blob>(files: F[], deps: UploadDeps): Promise<number> {
  const { bucket, userId, onUploaded, onError } = deps;
  if (!userId) {
    onError(new AppError('signedOut', NOT_LOGGED_IN));
    return 0;
  }
  let uploaded = 0;
  for (const file of files) {
    const refusal = checkFile(file);
    if (refusal) {
      onError(new AppError('invalid', refusal));
      continue;
    }
    const path = uploadPath(userId, file, (deps.now ?? Date.now)(), deps.random ?? Math.random);
    try {
      const { error } = await withTimeout(
        bucket.upload(path, file, { cacheControl: '3600', upsert: false, contentType: file.type }),
        deps.timeoutMs ?? UPLOAD_TIMEOUT_MS,
        () => {
          throw new AppError('unavailable', 'Upload timed out', { code: 'timeout' });
        },
      );
      if (error) throw error;
      onUploaded(file, bucket.getPublicUrl(path).data.publicUrl);
      uploaded += 1;
    } catch (error) {
      onError(toAppError(error, uploadFileFailure(file.name)));
    }
  }
  return uploaded;
}
