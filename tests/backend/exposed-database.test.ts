// The embedded PGlite serves this machine only: opened to a network, one slow request would stall every member.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assertDatabaseFitsHost } from '../../supabase/local/exposedDatabase.ts';
import { refusedStart } from './refusedStart.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'guap-exposed-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('where the embedded PGlite may listen', () => {
  test('a non-loopback HOST is refused without DATABASE_URL, and taken with it; loopback takes either', () => {
    expect(() => assertDatabaseFitsHost(undefined, '0.0.0.0')).toThrow(/Refusing to listen on 0\.0\.0\.0/);
    expect(() => assertDatabaseFitsHost(undefined, '192.168.1.20')).toThrow(/Set DATABASE_URL/);
    expect(() => assertDatabaseFitsHost('postgres://forum@db.internal/forum', '0.0.0.0')).not.toThrow();
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]']) {
      expect(() => assertDatabaseFitsHost(undefined, host)).not.toThrow();
    }
  });

  test('npm start on HOST=0.0.0.0 without DATABASE_URL exits with the reason, before opening the database', async () => {
    const dataDir = join(folder, 'start');
    const { DATABASE_URL: _unused, JWT_SECRET: _random, ...parent } = process.env;
    const env = { ...parent, HOST: '0.0.0.0', PORT: '0', DATA_DIR: dataDir };
    const refused = await refusedStart(env);
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('Refusing to listen on 0.0.0.0 with the embedded PGlite');
    expect(await readdir(dataDir)).toEqual([]);
  }, 120_000);
});
