// The raw reads, auth calls and storage probes behind the developer pages: each answers what the backend said.
import type { ForumClient } from './client.ts';
import type { StoredSession } from './auth.ts';
import { PUBLIC_PROFILE_COLUMNS } from './profileColumns.ts';

export const BUCKETS = ['media', 'avatars'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface Probe {
  ok: boolean;
  detail: unknown;
}

const probe = async (run: () => PromiseLike<{ data: unknown; error: unknown }>): Promise<Probe> => {
  try {
    const { data, error } = await run();
    return error ? { ok: false, detail: error } : { ok: true, detail: data };
  } catch (error) {
    return { ok: false, detail: String(error) };
  }
};

export const readProfileRow = (client: ForumClient, id: string) =>
  probe(() => client.from('profiles').select(PUBLIC_PROFILE_COLUMNS).eq('id', id).maybeSingle());

export const readPrivateRow = (client: ForumClient, id: string) =>
  probe(() => client.from('profile_private').select('*').eq('id', id).maybeSingle());

export const listBucket = (client: ForumClient, bucket: Bucket, prefix: string) =>
  probe(() => client.storage.from(bucket).list(prefix, { limit: 20 }));

export const probeUser = (client: ForumClient) => probe(() => client.auth.getUser());

export const probeRefresh = (client: ForumClient) => probe(() => client.auth.refreshSession());

/** Signs in again from the tokens found in local storage; answers the email of the member it restored. */
export async function restoreStoredSession(client: ForumClient, stored: StoredSession): Promise<Probe> {
  const { data, error } = await client.auth.setSession({
    access_token: stored.access_token,
    refresh_token: stored.refresh_token,
  });
  return error ? { ok: false, detail: error.message } : { ok: true, detail: data.user?.email };
}

/** A 1x1 transparent PNG: the smallest file both image buckets accept. */
function tinyPng(): Blob {
  const base64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
  return new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' });
}

/** Uploads a test file under the member's own folder, reads its public URL, and removes it if asked. */
export async function uploadProbe(
  client: ForumClient,
  bucket: Bucket,
  userId: string,
  file: Blob = tinyPng(),
  cleanUp = true,
): Promise<Probe & { url?: string }> {
  const ext = file.type.split('/')[1] ?? 'bin';
  const path = `${userId}/${Date.now()}-${Math.random().toString(36).slice(2, 10)}.${ext}`;
  const upload = await probe(() =>
    client.storage.from(bucket).upload(path, file, { cacheControl: '3600', upsert: false, contentType: file.type }),
  );
  if (!upload.ok) return upload;
  const url = client.storage.from(bucket).getPublicUrl(path).data.publicUrl;
  if (cleanUp) {
    const removed = await probe(() => client.storage.from(bucket).remove([path]));
    return { ok: removed.ok, detail: { uploaded: upload.detail, removed: removed.detail }, url };
  }
  return { ...upload, url };
}
