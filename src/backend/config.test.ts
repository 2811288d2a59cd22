import { expect, test } from 'vitest';
import { loadBackendConfig, vapidPublicKey } from './config.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

const local = { url: 'http://127.0.0.1:4173', anonKey: 'anon.jwt.key' };
const answering = (body: unknown, status = 200) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
const offline = (async () => {
  throw new TypeError('Failed to fetch');
}) as unknown as typeof fetch;

test('build-time env points the app at a hosted project without asking the local stack', async () => {
  const config = await loadBackendConfig({
    env: { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'k' },
    fetch: offline,
    storage: memoryStorage(),
  });
  expect(config).toEqual({ url: 'https://abc.supabase.co', anonKey: 'k' });
});

test('without env it asks the local stack, and remembers the answer for an offline start', async () => {
  const storage = memoryStorage();
  expect(await loadBackendConfig({ env: {}, fetch: answering(local), storage })).toEqual(local);
  expect(await loadBackendConfig({ env: {}, fetch: offline, storage })).toEqual(local);
});

test('offline on the very first start is an error, not a half-configured client', async () => {
  await expect(loadBackendConfig({ env: {}, fetch: offline, storage: memoryStorage() })).rejects.toThrow(
    'Failed to fetch',
  );
});

test('a config answer without a key is refused', async () => {
  await expect(
    loadBackendConfig({ env: {}, fetch: answering({ url: 'x' }), storage: memoryStorage() }),
  ).rejects.toThrow('no url and anonKey');
});

test('offline with a saved answer it asks nothing, so an offline start makes no failing request', async () => {
  const storage = memoryStorage();
  await loadBackendConfig({ env: {}, fetch: answering(local), storage });
  let asked = 0;
  const counting = (async () => {
    asked += 1;
    throw new TypeError('Failed to fetch');
  }) as unknown as typeof fetch;
  expect(await loadBackendConfig({ env: {}, fetch: counting, storage, online: false })).toEqual(local);
  expect(asked).toBe(0);
  expect(await loadBackendConfig({ env: {}, fetch: counting, storage, online: true })).toEqual(local);
  expect(asked).toBe(1);
});

test("the push key is the hosted build's, else the local stack's answer, and none when neither has one", async () => {
  const hosted = {
    VITE_SUPABASE_URL: 'https://abc.supabase.co',
    VITE_SUPABASE_ANON_KEY: 'k',
    VITE_VAPID_PUBLIC_KEY: 'BHosted',
  };
  expect(await loadBackendConfig({ env: hosted, fetch: offline, storage: memoryStorage() })).toEqual({
    url: 'https://abc.supabase.co',
    anonKey: 'k',
    vapidPublicKey: 'BHosted',
  });
  expect(vapidPublicKey({ env: hosted, storage: memoryStorage() })).toBe('BHosted');

  const storage = memoryStorage();
  expect(vapidPublicKey({ env: {}, storage })).toBeUndefined();
  await loadBackendConfig({ env: {}, fetch: answering({ ...local, vapidPublicKey: 'BLocal' }), storage });
  expect(vapidPublicKey({ env: {}, storage })).toBe('BLocal');
});

test('a config answer whose push key is not a string is refused', async () => {
  await expect(
    loadBackendConfig({ env: {}, fetch: answering({ ...local, vapidPublicKey: 7 }), storage: memoryStorage() }),
  ).rejects.toThrow('no url and anonKey');
});
