// POST and PUT /object/{bucket}/{name}: limits checked, the storage.objects row written as the caller so RLS decides,
// and only then the bytes stored.
import { createHash, randomUUID } from 'node:crypto';
import type { StackContext } from '../context.ts';
import { asRole, type JwtClaims } from '../db.ts';
import { header, type ApiRequest, type ApiResponse } from '../http.ts';
import { readUpload } from './body.ts';
import { findBucket } from './buckets.ts';
import { pgCode, rlsRefusal, storageError } from './errors.ts';
import { removeVersion, writeVersion } from './files.ts';
import { checkType } from './mime.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function uploadObject(
  req: ApiRequest,
  ctx: StackContext,
  claims: JwtClaims,
  bucketId: string,
  name: string,
  upsert: boolean,
): Promise<ApiResponse> {
  const bucket = await findBucket(ctx.db, bucketId);
  const upload = await readUpload(req);
  if (bucket.file_size_limit !== null && upload.bytes.length > bucket.file_size_limit) {
    throw storageError(413, '413', 'Payload too large', 'The object exceeded the maximum allowed size');
  }
  checkType(bucket, upload.contentType, upload.bytes);

  const version = randomUUID();
  const now = new Date().toISOString();
  const metadata = {
    eTag: `"${createHash('md5').update(upload.bytes).digest('hex')}"`,
    size: upload.bytes.length,
    mimetype: upload.contentType,
    cacheControl: upload.cacheControl,
    lastModified: now,
    contentLength: upload.bytes.length,
    httpStatusCode: 200,
  };
  const sub = typeof claims.sub === 'string' && UUID.test(claims.sub) ? claims.sub : null;
  let written = false;
  try {
    const saved = await asRole(ctx.db, claims, async (tx) => {
      const { rows } = await tx.query<{ id: string; old_version: string | null }>(
        `with old as (select version from storage.objects where bucket_id = $1 and name = $2)
         insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4, $5, $6, $7)
         ${
           upsert
             ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
                  metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
                  updated_at = now(), last_accessed_at = now()`
             : ''
         }
         returning id, (select version from old) as old_version`,
        [bucketId, name, sub, sub, JSON.stringify(metadata), JSON.stringify(upload.userMetadata), version],
      );
      // The row is accepted (RLS and uniqueness passed); the bytes follow before the transaction commits.
      await writeVersion(ctx.storageDir, version, upload.bytes);
      written = true;
      return rows[0];
    });
    await removeVersion(ctx.storageDir, saved?.old_version);
    return { status: 200, body: { Id: saved?.id, Key: `${bucketId}/${name}` } };
  } catch (e) {
    if (written) await removeVersion(ctx.storageDir, version);
    const code = pgCode(e);
    if (code === '42501') throw rlsRefusal();
    if (code === '23505') throw storageError(409, '409', 'Duplicate', 'The resource already exists');
    throw e;
  }
}

/** x-upsert: "true" replaces; storage-js sends "false" by default. */
export const wantsUpsert = (req: ApiRequest) => header(req, 'x-upsert')?.toLowerCase() === 'true';
