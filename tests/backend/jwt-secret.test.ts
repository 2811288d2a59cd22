// The project's JWT secret: made at random and kept with the data, and the published demo secret signs nothing here.
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  assertSecretFitsHost,
  projectJwtSecret,
  randomJwtSecret,
  SUPABASE_DEMO_JWT_SECRET,
} from '../../supabase/local/secret.ts';
import { startStack } from '../../supabase/local/server.ts';
import { startTestStack, TEST_JWT_SECRET, type TestStack } from './stack.ts';
import { refusedStart } from './refusedStart.ts';

let stack: TestStack;
let adminId: string;
let memberId: string;
let folder: string;
beforeAll(async () => {
  stack = await startTestStack();
  const ids = await stack.db.query<{ id: string; email: string }>('select id, email from auth.users');
  adminId = ids.rows.find((r) => r.email === 'admin@guapcoin.local')?.id ?? '';
  memberId = ids.rows.find((r) => r.email === 'member@guapcoin.local')?.id ?? '';
  folder = await mkdtemp(join(tmpdir(), 'guap-secret-'));
});
afterAll(async () => {
  await stack.close();
  await rm(folder, { recursive: true, force: true });
});

const sign = (claims: Record<string, unknown>, secret: string) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));

const serviceClaims = { role: 'service_role', iss: 'supabase-demo' };
const adminClaims = () => ({ sub: adminId, role: 'authenticated', aud: 'authenticated' });

const call = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${stack.url}${path}`, {
    ...init,
    headers: { apikey: token, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });

describe('a token signed with the published demo secret', () => {
  test('the same claims signed with the project secret are accepted (the control)', async () => {
    const token = await sign(serviceClaims, TEST_JWT_SECRET);
    expect((await call('/rest/v1/profiles?select=id', token)).status).toBe(200);
    expect((await call('/auth/v1/admin/users', token)).status).toBe(200);
    expect((await call('/storage/v1/bucket', token)).status).toBe(200);
  });

  test('REST refuses it with 401, and a forged admin cannot make a member admin', async () => {
    const service = await sign(serviceClaims, SUPABASE_DEMO_JWT_SECRET);
    const read = await call('/rest/v1/profiles?select=id', service);
    expect(read.status).toBe(401);
    expect(((await read.json()) as { code: string }).code).toBe('PGRST301');

    const admin = await sign(adminClaims(), SUPABASE_DEMO_JWT_SECRET);
    const write = await call(`/rest/v1/profiles?id=eq.${memberId}`, admin, {
      method: 'PATCH',
      body: JSON.stringify({ role: 'admin' }),
    });
    expect(write.status).toBe(401);
    const { rows } = await stack.db.query<{ role: string }>('select role from public.profiles where id = $1', [
      memberId,
    ]);
    expect(rows[0]?.role).toBe('user');
  });

  test('auth refuses it with 401 bad_jwt: no user list, no user', async () => {
    const service = await sign(serviceClaims, SUPABASE_DEMO_JWT_SECRET);
    const list = await call('/auth/v1/admin/users', service);
    expect(list.status).toBe(401);
    expect(await list.json()).toMatchObject({ error_code: 'bad_jwt' });
    const user = await call('/auth/v1/user', await sign(adminClaims(), SUPABASE_DEMO_JWT_SECRET));
    expect(user.status).toBe(401);
  });

  test('storage refuses it with 401', async () => {
    const res = await call('/storage/v1/bucket', await sign(serviceClaims, SUPABASE_DEMO_JWT_SECRET));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ statusCode: '401', message: 'invalid signature' });
  });
});

describe('the project secret', () => {
  test('is made at random on first start, kept in the data folder for its owner only, and the same after', async () => {
    const one = join(folder, 'one');
    const two = join(folder, 'two');
    await Promise.all([one, two].map((dir) => mkdir(dir)));
    const first = await projectJwtSecret(one, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await projectJwtSecret(one, undefined)).toBe(first);
    expect(await projectJwtSecret(two, undefined)).not.toBe(first);
    expect((await stat(join(one, 'jwt-secret'))).mode & 0o777).toBe(0o600);
  });

  test('JWT_SECRET wins when set, and a short one is refused', async () => {
    expect(await projectJwtSecret(folder, TEST_JWT_SECRET)).toBe(TEST_JWT_SECRET);
    await expect(projectJwtSecret(folder, 'short')).rejects.toThrow(/shorter than 32 characters/);
  });

  test('a published secret is refused on a non-loopback HOST, a random one is not, and loopback takes either', () => {
    expect(() => assertSecretFitsHost(SUPABASE_DEMO_JWT_SECRET, '0.0.0.0')).toThrow(/Refusing to listen on 0\.0\.0\.0/);
    expect(() => assertSecretFitsHost(SUPABASE_DEMO_JWT_SECRET, '192.168.1.20')).toThrow(/published/);
    expect(() => assertSecretFitsHost(randomJwtSecret(), '0.0.0.0')).not.toThrow();
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]']) {
      expect(() => assertSecretFitsHost(SUPABASE_DEMO_JWT_SECRET, host)).not.toThrow();
    }
  });

  test('startStack refuses to listen on 0.0.0.0 with the demo secret', async () => {
    await expect(
      startStack({ db: stack.db, jwtSecret: SUPABASE_DEMO_JWT_SECRET, storageDir: folder, host: '0.0.0.0' }),
    ).rejects.toThrow(/Refusing to listen on 0\.0\.0\.0/);
  });

  test('npm start exits with the reason, before opening the database, on HOST=0.0.0.0 with the demo secret', async () => {
    const dataDir = join(folder, 'start');
    // A PostgreSQL address that answers nothing: the refusal must come before any database is opened.
    const DATABASE_URL = 'postgres://postgres@127.0.0.1:1/unreachable';
    const env = {
      ...process.env,
      HOST: '0.0.0.0',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL,
      JWT_SECRET: SUPABASE_DEMO_JWT_SECRET,
    };
    const refused = await refusedStart(env);
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('Refusing to listen on 0.0.0.0: the JWT secret is a published example');
    expect(await readdir(dataDir)).toEqual([]);
  }, 120_000);
});
