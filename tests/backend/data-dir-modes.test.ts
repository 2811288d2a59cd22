// DATA_DIR once held 967 files of mode 666, a WAL segment with bcrypt hashes among them. npm start
// now leaves the folder 700 and its files 600: those it finds, and those it makes later (the database's, uploads).
import { spawn } from 'node:child_process';
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { tightenDataDir } from '../../supabase/local/dataDirModes.ts';
import { copyMigratedPglite } from '../support/migratedDatabase.ts';
import { PNG } from './storage-helpers.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'guap-modes-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Every folder under `dir` that is not 700 and every file that is not 600, as "path mode". */
async function looseModes(dir: string): Promise<string[]> {
  const loose: string[] = [];
  const walk = async (path: string) => {
    const info = await lstat(path);
    const mode = info.mode & 0o777;
    if (info.isDirectory()) {
      if (mode !== 0o700) loose.push(`${relative(dir, path) || '.'} ${mode.toString(8)}`);
      for (const name of await readdir(path)) await walk(join(path, name));
    } else if (!info.isSymbolicLink() && mode !== 0o600) {
      loose.push(`${relative(dir, path)} ${mode.toString(8)}`);
    }
  };
  await walk(dir);
  return loose;
}

/** Every file under `dir`, at any depth. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Opens everything up, as a data folder made under umask 000 (or by PGlite's 666) was. */
async function loosen(path: string): Promise<void> {
  const info = await lstat(path);
  if (info.isDirectory()) {
    await chmod(path, 0o777);
    for (const name of await readdir(path)) await loosen(join(path, name));
  } else if (info.isFile()) {
    await chmod(path, 0o666);
  }
}

test('tightenDataDir: folders 700, files 600, and a link out of the folder is not followed', async () => {
  const dir = join(folder, 'unit');
  const outside = join(folder, 'outside.txt');
  await mkdir(join(dir, 'db', 'pg_wal'), { recursive: true });
  await writeFile(join(dir, 'db', 'pg_wal', '000000010000000000000001'), 'hashes');
  await writeFile(join(dir, 'jwt-secret'), 'secret');
  await writeFile(outside, 'not ours');
  await symlink(outside, join(dir, 'link'));
  await loosen(dir);
  await chmod(outside, 0o644);
  expect(await looseModes(dir)).not.toEqual([]);

  await tightenDataDir(dir);
  expect(await looseModes(dir)).toEqual([]);
  expect((await lstat(outside)).mode & 0o777).toBe(0o644);
});

test('tightenDataDir: a file removed while the walk runs is passed over, and the rest is tightened', async () => {
  const dir = join(folder, 'removed');
  await mkdir(dir);
  const names = Array.from({ length: 3_000 }, (_, i) => `file-${i}`);
  for (const name of names) await writeFile(join(dir, name), '', { mode: 0o644 });
  // The walk's order is readdir's: once its first file is tightened, the walk has listed them all.
  const [first, ...rest] = readdirSync(dir);
  const walk = tightenDataDir(dir);
  while ((lstatSync(join(dir, first!)).mode & 0o777) !== 0o600) await new Promise((resolve) => setImmediate(resolve));
  const removed = rest.filter((_, i) => i % 2 === 1);
  for (const name of removed) unlinkSync(join(dir, name));

  await walk;
  expect(await looseModes(dir)).toEqual([]);
  expect(readdirSync(dir)).toHaveLength(names.length - removed.length);
});

test(
  'npm start tightens what it finds, and what it makes later is its owner’s only',
  { timeout: 300_000 },
  async () => {
    const dataDir = join(folder, 'start');
    await copyMigratedPglite('seeded', join(dataDir, 'db'));
    await mkdir(join(dataDir, 'storage', 'objects', 'ab'), { recursive: true });
    await writeFile(join(dataDir, 'storage', 'objects', 'ab', 'old-upload'), 'bytes');
    await loosen(dataDir);
    expect((await looseModes(dataDir)).length).toBeGreaterThan(10);

    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
    // The PGlite folder is what this is about; a DATABASE_URL of the PostgreSQL pass must not be migrated by it.
    for (const name of ['DATABASE_URL', 'JWT_SECRET', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'TRUST_PROXY']) {
      delete env[name];
    }
    const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/start.ts'], { env, stdio: 'pipe' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const found = /is running at (http:\/\/\S+)/.exec(output)?.[1];
          if (found) resolve(found);
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        void exited.then((code) => reject(new Error(`npm start exited (${code}) before serving:\n${output}`)));
      });

      // An upload made after the start: its file and folder are made under the stack's umask.
      const secret = (await readFile(join(dataDir, 'jwt-secret'), 'utf8')).trim();
      const serviceKey = await new SignJWT({ role: 'service_role' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(secret));
      const service = createClient(url, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
      const { error } = await service.storage.from('media').upload('modes/after-start.png', PNG, {
        contentType: 'image/png',
      });
      expect(error).toBeNull();

      // The new version's file sits in a folder named by its first two hex digits, which may be the old one's "ab"
      // (1 in 256), so the files are counted, not the folders: the old upload's and this one's.
      await expect.poll(() => filesUnder(join(dataDir, 'storage', 'objects'))).toHaveLength(2);
      await expect.poll(() => looseModes(dataDir)).toEqual([]);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  },
);
