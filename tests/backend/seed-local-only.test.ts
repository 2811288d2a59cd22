// supabase/seed.sql holds demo accounts with published passwords: it refuses to run outside the local stack.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});
afterAll(() => stack.close());

const seed = () => readFile(new URL('../../supabase/seed.sql', import.meta.url), 'utf8');
const count = async (table: string) =>
  (await stack.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

test('on a database without the local stack (a hosted project), the seed stops before writing anything', async () => {
  await stack.db.exec('alter schema local rename to local_moved');
  try {
    await expect(stack.db.exec(await seed())).rejects.toThrow(
      'supabase/seed.sql is for the local stack only (npm start): it creates demo accounts with published passwords',
    );
  } finally {
    await stack.db.exec('alter schema local_moved rename to local');
  }
  expect(await count('auth.users')).toBe(0);
  expect(await count('auth.identities')).toBe(0);
  expect(await count('public.categories')).toBe(0);
});

test('on the local stack it seeds the demo accounts', async () => {
  await stack.db.exec(await seed());
  expect(await count('auth.identities')).toBeGreaterThanOrEqual(3);
  const admin = await stack.signIn('admin@guapcoin.local', 'guapadmin123');
  expect((await admin.auth.getUser()).data.user?.email).toBe('admin@guapcoin.local');
});
