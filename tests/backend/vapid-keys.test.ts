// The local stack's VAPID pair: made once and kept in the data folder for its owner alone, since every
// browser's push subscription is tied to its public key; or both halves from the environment.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { projectVapidKeys } from '../../supabase/local/vapid.ts';

const dirs: string[] = [];
const dataDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'guap-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('projectVapidKeys', () => {
  it('makes a P-256 pair on the first start, keeps it readable by its owner only, and reuses it', async () => {
    const dir = await dataDir();
    const first = await projectVapidKeys(dir, {});
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect((await stat(join(dir, 'vapid-keys.json'))).mode & 0o777).toBe(0o600);
    expect(await projectVapidKeys(dir, {})).toEqual(first);
    expect(JSON.parse(await readFile(join(dir, 'vapid-keys.json'), 'utf8'))).toEqual(first);
  });

  it('takes both halves from the environment, and refuses one without the other', async () => {
    const dir = await dataDir();
    expect(await projectVapidKeys(dir, { publicKey: 'pub', privateKey: 'priv' })).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
    });
    await expect(projectVapidKeys(dir, { publicKey: 'pub' })).rejects.toThrow(/both VAPID_PUBLIC_KEY/);
    await expect(stat(join(dir, 'vapid-keys.json'))).rejects.toThrow(/ENOENT/);
  });
});
