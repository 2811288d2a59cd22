// Brings a database to the current schema: the hosted-Supabase bootstrap, each migration once, then the seed on a new database.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

const supabaseDir = fileURLToPath(new URL('..', import.meta.url));

export interface MigrateOptions {
  /** Apply supabase/seed.sql when the database had no migration yet. Default true. */
  seed?: boolean;
  /** Apply supabase/migrations. Default true; protocol tests turn it off and bring their own tables. */
  migrations?: boolean;
  /** Extra SQL applied after the migrations (tests). */
  extraSql?: string;
}

export async function migrate(db: Db, options: MigrateOptions = {}): Promise<{ applied: string[]; seeded: boolean }> {
  await db.exec(await readFile(join(supabaseDir, 'local', 'bootstrap.sql'), 'utf8'));
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const wasEmpty = done.size === 0;
  const files =
    options.migrations === false
      ? []
      : (await readdir(join(supabaseDir, 'migrations'))).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (!version || done.has(version)) continue;
    const sql = await readFile(join(supabaseDir, 'migrations', file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        rest.join('_'),
      ]);
    });
    applied.push(file);
  }
  let seeded = false;
  if (wasEmpty && options.seed !== false && options.migrations !== false) {
    await db.exec(await readFile(join(supabaseDir, 'seed.sql'), 'utf8'));
    seeded = true;
  }
  if (options.extraSql) await db.exec(options.extraSql);
  return { applied, seeded };
}
