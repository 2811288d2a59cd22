// POST /object/list/{bucket}: one folder level, folders as entries with id null, sorted and paged like storage-api.
import { z } from 'zod';
import type { StackContext } from '../context.ts';
import { asRole, type JwtClaims } from '../db.ts';
import { jsonBody, type ApiRequest, type ApiResponse } from '../http.ts';
import { findBucket } from './buckets.ts';
import { invalidRequest } from './errors.ts';

const ListBody = z.object({
  prefix: z.string().default(''),
  limit: z.number().int().min(0).max(10000).default(100),
  offset: z.number().int().min(0).default(0),
  search: z.string().default(''),
  sortBy: z
    .object({
      column: z.enum(['name', 'id', 'updated_at', 'created_at', 'last_accessed_at']).default('name'),
      order: z.enum(['asc', 'desc', 'ASC', 'DESC']).default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
});

interface Row {
  name: string;
  id: string;
  updated_at: Date | string | null;
  created_at: Date | string | null;
  last_accessed_at: Date | string | null;
  metadata: Record<string, unknown> | null;
}

interface Entry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listObjects(
  req: ApiRequest,
  ctx: StackContext,
  claims: JwtClaims,
  bucketId: string,
): Promise<ApiResponse> {
  const parsed = ListBody.safeParse(jsonBody(req, (m) => invalidRequest(`Invalid JSON: ${m}`)) ?? {});
  if (!parsed.success) throw invalidRequest(parsed.error.issues[0]?.message ?? 'Invalid list options');
  const { limit, offset, search, sortBy } = parsed.data;
  await findBucket(ctx.db, bucketId);
  const prefix = parsed.data.prefix.replace(/^\/+/, '').replace(/\/*$/, (m) => (m ? '/' : ''));
  const folder = prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`;

  const rows = await asRole(ctx.db, claims, async (tx) => {
    const { rows } = await tx.query<Row>(
      `select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
        where bucket_id = $1 and name like $2 escape '\\'`,
      [bucketId, `${likeEscape(folder)}%`],
    );
    return rows;
  });

  const entries = new Map<string, Entry>();
  for (const row of rows) {
    const rest = row.name.slice(folder.length);
    const slash = rest.indexOf('/');
    const entryName = slash === -1 ? rest : rest.slice(0, slash);
    if (!entryName.toLowerCase().startsWith(search.toLowerCase())) continue;
    if (slash !== -1) {
      if (!entries.has(entryName)) {
        entries.set(entryName, {
          name: entryName,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        });
      }
      continue;
    }
    entries.set(entryName, {
      name: entryName,
      id: row.id,
      updated_at: iso(row.updated_at),
      created_at: iso(row.created_at),
      last_accessed_at: iso(row.last_accessed_at),
      metadata: row.metadata,
    });
  }
  const descending = sortBy.order.toLowerCase() === 'desc';
  const key = (e: Entry) => (sortBy.column === 'name' ? e.name : (e[sortBy.column] ?? ''));
  // Byte order, like Postgres' "C" collation storage-api sorts with, so "B" comes before "a".
  const sorted = [...entries.values()].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const cmp = x < y ? -1 : x > y ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    return descending ? -cmp : cmp;
  });
  return { status: 200, body: sorted.slice(offset, offset + limit) };
}
