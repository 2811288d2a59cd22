// One local stack per DATA_DIR: a second `npm start` on a folder in use is refused before it opens the database, and
// a lock left by a stack that crashed does not keep the next start out.
import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCK_STALE_MS, lockDataDir, lockPath, lockedMessage } from '../../supabase/local/dataDirLock.ts';
import { refusedStart } from './refusedStart.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'guap-lock-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('one local stack per data folder', () => {
  test('npm start on a DATA_DIR another stack holds exits with the reason, and opens nothing', async () => {
    const dataDir = join(folder, 'held');
    await mkdir(dataDir);
    const release = await lockDataDir(dataDir);
    try {
      const { DATABASE_URL: _pglite, JWT_SECRET: _random, ...parent } = process.env;
      const env = { ...parent, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir };
      const refused = await refusedStart(env);
      expect(refused?.code).toBe(1);
      expect(refused?.stderr).toContain(lockedMessage(dataDir));
      expect(await readdir(dataDir)).toEqual(['server.lock']);
    } finally {
      await release();
    }
  }, 120_000);

  test('a second lock is refused while the first is held, and taken once it is let go', async () => {
    const dataDir = join(folder, 'twice');
    await mkdir(dataDir);
    const release = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(lockedMessage(dataDir));
    await release();
    expect(await readdir(dataDir)).toEqual([]);
    const again = await lockDataDir(dataDir);
    await again();
  });

  test("a crashed stack's lock, not refreshed for longer than the stale time, is taken", async () => {
    const dataDir = join(folder, 'crashed');
    await mkdir(lockPath(dataDir), { recursive: true });
    await expect(lockDataDir(dataDir)).rejects.toThrow(lockedMessage(dataDir));
    const before = new Date(Date.now() - 2 * LOCK_STALE_MS);
    await utimes(lockPath(dataDir), before, before);
    const release = await lockDataDir(dataDir);
    await release();
  });
});
