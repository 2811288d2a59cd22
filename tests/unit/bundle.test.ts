// The browser bundle must hold no server code and no secret other than what the public anon key gives.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build } from 'vite';
import { SUPABASE_DEMO_JWT_SECRET } from '../../supabase/local/secret.ts';

let outDir: string;
let files: { name: string; text: string }[];

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'guap-bundle-'));
  await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  files = await Promise.all(
    (await listFiles(outDir)).map(async (name) => ({ name, text: await readFile(name, 'latin1') })),
  );
}, 120_000);
afterAll(() => rm(outDir, { recursive: true, force: true }));

test('the build produced the app', () => {
  expect(files.some((f) => f.name.endsWith('index.html'))).toBe(true);
  expect(files.some((f) => f.name.endsWith('.js'))).toBe(true);
});

test.each([
  ['the Supabase demo JWT secret', SUPABASE_DEMO_JWT_SECRET],
  ['the service role', 'service_role'],
  ['the embedded database', 'pglite'],
  ['the password hashing library', 'bcryptjs'],
  ['the auth tables', 'encrypted_password'],
  ['the local stack sources', 'supabase/local'],
  ['the server database driver', 'pg-protocol'],
])('no file of the bundle contains %s', (_what, needle) => {
  const hits = files.filter((f) => f.text.toLowerCase().includes(needle.toLowerCase())).map((f) => f.name);
  expect(hits).toEqual([]);
});
