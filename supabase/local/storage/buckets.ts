// storage.buckets: the limits an upload is checked against, and GET /bucket, /bucket/{id} through RLS as hosted does.
import type { StackContext } from '../context.ts';
import { asRole, type JwtClaims, type Queryable } from '../db.ts';
import type { ApiResponse } from '../http.ts';
import { bucketNotFound } from './errors.ts';

export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at,
  updated_at`;

/** Read with the server's own rights: storage checks an upload's limits whatever the caller may see of buckets. */
export async function findBucket(db: Queryable, id: string): Promise<Bucket> {
  const { rows } = await db.query<Bucket>(`select ${COLUMNS} from storage.buckets where id = $1`, [id]);
  if (!rows[0]) throw bucketNotFound();
  return rows[0];
}

const bucketJson = (b: Bucket) => ({
  ...b,
  public: b.public === true,
  created_at: new Date(b.created_at).toISOString(),
  updated_at: new Date(b.updated_at).toISOString(),
});

export async function listBuckets(ctx: StackContext, claims: JwtClaims): Promise<ApiResponse> {
  const rows = await asRole(ctx.db, claims, async (tx) => {
    const { rows } = await tx.query<Bucket>(`select ${COLUMNS} from storage.buckets order by name`);
    return rows;
  });
  return { status: 200, body: rows.map(bucketJson) };
}

export async function getBucket(ctx: StackContext, claims: JwtClaims, id: string): Promise<ApiResponse> {
  const row = await asRole(ctx.db, claims, async (tx) => {
    const { rows } = await tx.query<Bucket>(`select ${COLUMNS} from storage.buckets where id = $1`, [id]);
    return rows[0];
  });
  if (!row) throw bucketNotFound();
  return { status: 200, body: bucketJson(row) };
}
