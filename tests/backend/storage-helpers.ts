// Shared pieces of the storage tests: a stack with only the storage migration, and small real image bytes.
import { readFile } from 'node:fs/promises';
import { startTestStack, type TestStack } from './stack.ts';

/** A valid 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid 1x1 GIF. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A PNG signature followed by padding: the type checks pass, so only the size decides. */
export function pngOfSize(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  PNG.copy(out);
  return out;
}

/** The storage migration alone on top of the Supabase bootstrap, so these tests depend on no other migration. */
export async function startStorageStack(): Promise<TestStack> {
  const sql = await readFile(new URL('../../supabase/migrations/20261101000900_storage.sql', import.meta.url), 'utf8');
  return startTestStack({ migrations: false, extraSql: sql });
}

export async function objectRow(stack: TestStack, bucket: string, name: string) {
  const { rows } = await stack.db.query<{ id: string; owner: string | null; metadata: Record<string, unknown> }>(
    'select id, owner, metadata from storage.objects where bucket_id = $1 and name = $2',
    [bucket, name],
  );
  return rows[0];
}
