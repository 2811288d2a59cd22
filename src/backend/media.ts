// The media bucket of Storage, where the editor's images go (SPEC §7 "Storage").
import type { ForumClient } from './client.ts';

const MEDIA_BUCKET = 'media';

/** The part of supabase-js's `storage.from(bucket)` the editor's upload uses, so tests can hand it a fake. */
export interface MediaBucket {
  upload(
    path: string,
    body: Blob,
    options: { cacheControl: string; upsert: boolean; contentType?: string },
  ): Promise<{ error: { message: string } | null }>;
  getPublicUrl(path: string): { data: { publicUrl: string } };
}

export function mediaBucket(client: ForumClient): MediaBucket {
  return client.storage.from(MEDIA_BUCKET);
}
