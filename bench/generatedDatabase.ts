// The benches' generated databases (a forum of 100,000 posts, 100,000 members), made once and copied: generating one
// takes a minute or more on PGlite, copying its data folder seconds. Kept under node_modules/.cache like the migrated
// templates (tests/support/migratedDatabase.ts), named by the migrations' hash, the generator's source and its
// sizes, so a change to any of them makes a new one; those of an older migration or source are removed when one is.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Db } from '../supabase/local/db.ts';
import { openPglite } from '../supabase/local/pgliteThread.ts';
import { liftPostRateLimits } from '../supabase/local/postRateLimits.ts';
import { copyMigratedPglite, sqlHash } from '../tests/support/migratedDatabase.ts';
import { generateForum } from './generateForum.ts';

const run = promisify(execFile);
const CACHE = fileURLToPath(new URL('../node_modules/.cache/guap-bench-databases/', import.meta.url));

export interface Generator {
  /** Names the database with its sizes, e.g. `forum-10000-100000`. */
  name: string;
  /** The file that holds `generate`: a change to it makes a new database. */
  source: URL;
  /** Fills the seeded database. */
  generate(db: Db): Promise<void>;
}

async function make(generator: Generator, folder: string): Promise<void> {
  await mkdir(CACHE, { recursive: true });
  for (const other of await readdir(CACHE)) {
    const stale = other.endsWith(`-${generator.name}`) && join(CACHE, other) !== folder;
    if (stale) await rm(join(CACHE, other), { recursive: true, force: true });
  }
  const building = await mkdtemp(join(CACHE, 'building-'));
  await copyMigratedPglite('seeded', building);
  const db = await openPglite(building);
  try {
    await generator.generate(db);
    await db.exec('checkpoint');
  } finally {
    await db.close();
  }
  // A rename is atomic: a reader sees no folder or a whole one. Another process may have finished first.
  await rename(building, folder).catch(() => rm(building, { recursive: true, force: true }));
}

/**
 * A PGlite database holding the seed and what `generator` adds, in a new temporary folder removed on close;
 * `generatedMs`: how long generating it took, when this call had to.
 */
export async function openGenerated(generator: Generator): Promise<{ db: Db; generatedMs: number | undefined }> {
  const hash = createHash('sha256')
    .update(await sqlHash())
    .update(await readFile(generator.source))
    .digest('hex')
    .slice(0, 12);
  const folder = join(CACHE, `${hash}-${generator.name}`);
  const found = await stat(folder).then(
    () => true,
    () => false,
  );
  const started = performance.now();
  if (!found) await make(generator, folder);
  const generatedMs = found ? undefined : performance.now() - started;
  const dir = await mkdtemp(join(tmpdir(), 'guap-bench-db-'));
  await run('cp', ['-R', `${folder}/.`, dir]);
  const db = await openPglite(dir);
  return {
    db: { ...db, close: () => db.close().finally(() => rm(dir, { recursive: true, force: true })) },
    generatedMs,
  };
}

/** The generated forum (generateForum.ts), with the posting limits lifted: the benches post far faster than a person. */
export function openGeneratedForum(threads: number, posts: number) {
  return openGenerated({
    name: `forum-${threads}-${posts}`,
    source: new URL('./generateForum.ts', import.meta.url),
    generate: async (db) => {
      await liftPostRateLimits(db);
      await generateForum(db, threads, posts);
    },
  });
}
