// The benches' generated forum, made once and copied: generating 10,000 threads and 100,000 posts takes a minute or
// more on PGlite, copying its data folder seconds. Kept under node_modules/.cache like the migrated templates
// (tests/support/migratedDatabase.ts), named by the migrations' hash, the generator's source and the sizes, so a
// change to any of them makes a new one; those of an older migration or generator are removed when one is made.
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
const CACHE = fileURLToPath(new URL('../node_modules/.cache/guap-bench-forums/', import.meta.url));

async function forumHash(): Promise<string> {
  const generator = await readFile(new URL('./generateForum.ts', import.meta.url));
  return createHash('sha256')
    .update(await sqlHash())
    .update(generator)
    .digest('hex')
    .slice(0, 12);
}

/** Generates the forum into the cache, with the posting limits lifted (the benches post far faster than a person). */
async function make(hash: string, folder: string, threads: number, posts: number): Promise<void> {
  await mkdir(CACHE, { recursive: true });
  for (const other of await readdir(CACHE)) {
    if (!other.startsWith(`${hash}-`) && !other.startsWith('building-')) {
      await rm(join(CACHE, other), { recursive: true, force: true });
    }
  }
  const building = await mkdtemp(join(CACHE, 'building-'));
  await copyMigratedPglite('seeded', building);
  const db = await openPglite(building);
  try {
    await liftPostRateLimits(db);
    await generateForum(db, threads, posts);
    await db.exec('checkpoint');
  } finally {
    await db.close();
  }
  // A rename is atomic: a reader sees no folder or a whole one. Another process may have finished first.
  await rename(building, folder).catch(() => rm(building, { recursive: true, force: true }));
}

/**
 * A PGlite database holding the seed and a generated forum of `threads` threads and `posts` posts, in a new temporary
 * folder removed on close; `generatedMs`: how long generating it took, when this call had to.
 */
export async function openGeneratedForum(
  threads: number,
  posts: number,
): Promise<{ db: Db; generatedMs: number | undefined }> {
  const hash = await forumHash();
  const folder = join(CACHE, `${hash}-${threads}-${posts}`);
  const found = await stat(folder).then(
    () => true,
    () => false,
  );
  const started = performance.now();
  if (!found) await make(hash, folder, threads, posts);
  const generatedMs = found ? undefined : performance.now() - started;
  const dir = await mkdtemp(join(tmpdir(), 'guap-bench-forum-'));
  await run('cp', ['-R', `${folder}/.`, dir]);
  const db = await openPglite(dir);
  return {
    db: { ...db, close: () => db.close().finally(() => rm(dir, { recursive: true, force: true })) },
    generatedMs,
  };
}
