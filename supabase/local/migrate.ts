// Brings a database to the current schema: the hosted-Supabase bootstrap, each migration once, then the seed on a new database.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './db.ts';

const supabaseDir = fileURLToPath(new URL('..', import.meta.url));

export interface MigrateOptions {
  /** Apply supabase/seed.sql when the database had no migration yet. Default true. */
  seed?: boolean;
  /** Apply supabase/migrations. Default true; protocol tests turn it off and bring their own tables. */
  migrations?: boolean;
  /** Extra SQL applied after the migrations (tests). */
  extraSql?: string;
}

// Hosted applies migrations and the seed as postgres, who is no superuser and owns neither auth nor storage; a
// migration that needs more fails here too. Policies on storage's tables and on realtime.messages are the exception
// hosted allows through supautils: postgres owns those tables for the length of the transaction, then their owner is
// restored.
// PGlite has one user, a superuser, so there this runs as it.
const AS_MIGRATOR = `
  alter table storage.objects owner to postgres;
  alter table storage.buckets owner to postgres;
  alter table realtime.messages owner to postgres;
  set local role postgres`;
const AFTER_MIGRATOR = `
  reset role;
  alter table storage.objects owner to supabase_storage_admin;
  alter table storage.buckets owner to supabase_storage_admin;
  alter table realtime.messages owner to supabase_realtime_admin;
  grant all on storage.objects, storage.buckets, realtime.messages to postgres`;

async function asMigrator(db: Db, fn: (tx: Queryable) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.exec(AS_MIGRATOR);
    await fn(tx);
    if (db.kind === 'postgres') await tx.exec(AFTER_MIGRATOR);
  });
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
    await asMigrator(db, async (tx) => {
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
    const seed = await readFile(join(supabaseDir, 'seed.sql'), 'utf8');
    await asMigrator(db, (tx) => tx.exec(seed));
    seeded = true;
  }
  if (options.extraSql) await applyAsMigrator(db, options.extraSql);
  return { applied, seeded };
}

/** Applies SQL as a migration would be (tests' own tables and functions on a database already migrated). */
export async function applyAsMigrator(db: Db, sql: string): Promise<void> {
  await asMigrator(db, (tx) => tx.exec(sql));
}
