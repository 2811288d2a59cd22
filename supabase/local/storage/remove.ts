// DELETE /object/{bucket} {prefixes} and DELETE /object/{bucket}/{name}: rows deleted as the caller, so RLS picks
// which go; the bytes of the deleted rows are removed after the commit.
import { z } from 'zod';
import type { StackContext } from '../context.ts';
import { asRole, type JwtClaims } from '../db.ts';
import { jsonBody, type ApiRequest, type ApiResponse } from '../http.ts';
import { findBucket } from './buckets.ts';
import { invalidRequest, objectNotFound } from './errors.ts';
import { removeVersion } from './files.ts';

const RemoveBody = z.object({ prefixes: z.array(z.string()).min(1).max(1000) });

interface Deleted {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  version: string | null;
  metadata: Record<string, unknown> | null;
  created_at: Date | string;
  updated_at: Date | string;
  last_accessed_at: Date | string;
}

async function deleteNames(ctx: StackContext, claims: JwtClaims, bucketId: string, names: string[]) {
  await findBucket(ctx.db, bucketId);
  const deleted = await asRole(ctx.db, claims, async (tx) => {
    // As the Storage API: storage.protect_delete() refuses a DELETE on storage.objects that does not come from it.
    await tx.query("select set_config('storage.allow_delete_query', 'true', true)");
    const { rows } = await tx.query<Deleted>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning id, bucket_id, name, owner, version, metadata, created_at, updated_at, last_accessed_at`,
      [bucketId, names],
    );
    return rows;
  });
  for (const row of deleted) await removeVersion(ctx.storageDir, row.version);
  return deleted.map(({ version: _version, ...row }) => row);
}

export async function removeMany(req: ApiRequest, ctx: StackContext, claims: JwtClaims, bucketId: string) {
  const parsed = RemoveBody.safeParse(jsonBody(req, (m) => invalidRequest(`Invalid JSON: ${m}`)));
  if (!parsed.success) throw invalidRequest('prefixes must be a non-empty array of object names');
  const names = parsed.data.prefixes.map((p) => p.replace(/^\/+/, ''));
  return { status: 200, body: await deleteNames(ctx, claims, bucketId, names) } satisfies ApiResponse;
}

export async function removeOne(ctx: StackContext, claims: JwtClaims, bucketId: string, name: string) {
  const [deleted] = await deleteNames(ctx, claims, bucketId, [name]);
  if (!deleted) throw objectNotFound();
  return { status: 200, body: { message: 'Successfully deleted' } } satisfies ApiResponse;
}
