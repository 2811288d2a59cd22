// GET /object/public|authenticated/{bucket}/{name} and GET /object/{bucket}/{name}: the stored bytes and headers.
import type { StackContext } from '../context.ts';
import { asRole, type JwtClaims, type Queryable } from '../db.ts';
import { header, type ApiRequest, type ApiResponse } from '../http.ts';
import { findBucket } from './buckets.ts';
import { objectNotFound, storageError } from './errors.ts';
import { readVersion } from './files.ts';

interface ObjectRow {
  id: string;
  version: string | null;
  metadata: { mimetype?: string; cacheControl?: string; eTag?: string; lastModified?: string } | null;
  updated_at: Date | string;
}

async function findObject(db: Queryable, bucketId: string, name: string): Promise<ObjectRow | undefined> {
  const { rows } = await db.query<ObjectRow>(
    'select id, version, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2',
    [bucketId, name],
  );
  return rows[0];
}

/** Stored before uploads were checked (body.ts), a value may be one no header can carry: it falls back, never a 500. */
const storedCacheControl = (value: string | undefined) =>
  value !== undefined && /^max-age=\d{1,10}$/.test(value) ? value : 'max-age=3600';
const storedContentType = (value: string | undefined) =>
  value !== undefined && /^[\x21-\x7e][\x20-\x7e]*$/.test(value) ? value : 'application/octet-stream';

async function serve(req: ApiRequest, ctx: StackContext, row: ObjectRow | undefined): Promise<ApiResponse> {
  const bytes = row?.version ? await readVersion(ctx.storageDir, row.version) : undefined;
  if (!row || !bytes) throw objectNotFound();
  const meta = row.metadata ?? {};
  const headers: Record<string, string> = {
    'content-type': storedContentType(meta.mimetype),
    'cache-control': storedCacheControl(meta.cacheControl),
    'last-modified': new Date(meta.lastModified ?? row.updated_at).toUTCString(),
    // Uploads are untrusted: the browser must take the stored type as it is, never guess a more dangerous one.
    'x-content-type-options': 'nosniff',
  };
  if (meta.eTag) headers.etag = meta.eTag;
  if (meta.eTag && header(req, 'if-none-match') === meta.eTag) return { status: 304, headers };
  return { status: 200, headers, body: bytes };
}

/** Public route: no policy involved, but only for a public bucket. */
export async function readPublic(req: ApiRequest, ctx: StackContext, bucketId: string, name: string) {
  const bucket = await findBucket(ctx.db, bucketId);
  if (!bucket.public) throw storageError(400, '400', 'InvalidRequest', 'The bucket is not public');
  return serve(req, ctx, await findObject(ctx.db, bucketId, name));
}

/** Authenticated route: the row is read as the caller, so the select policies decide. */
export async function readAsCaller(
  req: ApiRequest,
  ctx: StackContext,
  claims: JwtClaims,
  bucketId: string,
  name: string,
) {
  await findBucket(ctx.db, bucketId);
  const row = await asRole(ctx.db, claims, (tx) => findObject(tx, bucketId, name));
  return serve(req, ctx, row);
}
