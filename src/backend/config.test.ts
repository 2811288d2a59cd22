import { expect, test } from 'vitest';
import { embeddedConfig, loadBackendConfig, refreshBackendConfig, vapidPublicKey } from './config.ts';
import { memoryStorage } from '../lib/memoryStorage.ts';

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

test("a hosted build calls with the project's publishable key when it names one, else its legacy anon key", async () => {
  const url = 'https://abc.supabase.co';
  const env = { VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: 'legacy.anon.jwt' };
  const load = (more: object) =>
    loadBackendConfig({ env: { ...env, ...more }, fetch: offline, storage: memoryStorage() });
  expect(await load({ VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_abc' })).toEqual({
    url,
    anonKey: 'sb_publishable_abc',
  });
  expect(await load({})).toEqual({ url, anonKey: 'legacy.anon.jwt' });
  const publishableOnly = { VITE_SUPABASE_URL: url, VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_abc' };
  const server = counting(offline);
  const storage = memoryStorage();
  expect(await loadBackendConfig({ env: publishableOnly, fetch: server.fetch, storage })).toEqual({
    url,
    anonKey: 'sb_publishable_abc',
  });
  expect(await refreshBackendConfig({ env: publishableOnly, fetch: server.fetch, storage }, local)).toBe(false);
  expect(server.asked.count).toBe(0);
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

/** A fetch that answers as `answer` does and counts the requests. */
function counting(answer: typeof fetch) {
  const asked = { count: 0 };
  const counted: typeof fetch = (input, init) => {
    asked.count += 1;
    return answer(input, init);
  };
  return { asked, fetch: counted };
}

test('with a saved answer it starts at once, online or not: no request waits before the first screen', async () => {
  const storage = memoryStorage();
  await loadBackendConfig({ env: {}, fetch: answering(local), storage });
  const server = counting(answering({ ...local, anonKey: 'new.anon.key' }));
  expect(await loadBackendConfig({ env: {}, fetch: server.fetch, storage, online: false })).toEqual(local);
  expect(await loadBackendConfig({ env: {}, fetch: server.fetch, storage, online: true })).toEqual(local);
  expect(server.asked.count).toBe(0);
});

test('the refresh after the start keeps a new answer and says the page must start again with it', async () => {
  const storage = memoryStorage();
  const started = await loadBackendConfig({ env: {}, fetch: answering(local), storage });
  expect(await refreshBackendConfig({ env: {}, fetch: answering(local), storage }, started)).toBe(false);
  const renewed = { ...local, anonKey: 'new.anon.key' };
  expect(await refreshBackendConfig({ env: {}, fetch: answering(renewed), storage }, started)).toBe(true);
  expect(await loadBackendConfig({ env: {}, fetch: offline, storage })).toEqual(renewed);
});

test("the HTML's config kept, then the endpoint's same answer in another field order, is no change", async () => {
  const storage = memoryStorage();
  const wallet = { explorerUrl: 'http://127.0.0.1:9/', chainId: '7' };
  const html = { textContent: JSON.stringify({ anonKey: local.anonKey, vapidPublicKey: 'BKey', wallet }) };
  const embedded = embeddedConfig({ getElementById: () => html }, local.url);
  const started = await loadBackendConfig({ env: {}, fetch: offline, storage, embedded });
  const answer = {
    url: local.url,
    anonKey: local.anonKey,
    vapidPublicKey: 'BKey',
    wallet: { chainId: '7', explorerUrl: 'http://127.0.0.1:9/' },
  };
  expect(await refreshBackendConfig({ env: {}, fetch: answering(answer), storage }, started!)).toBe(false);
  const otherChain = { ...answer, wallet: { ...answer.wallet, chainId: '8' } };
  expect(await refreshBackendConfig({ env: {}, fetch: answering(otherChain), storage }, started!)).toBe(true);
});

test('the refresh asks nothing offline or on a hosted build, and an unreachable server changes nothing', async () => {
  const storage = memoryStorage();
  const started = await loadBackendConfig({ env: {}, fetch: answering(local), storage });
  const server = counting(offline);
  expect(await refreshBackendConfig({ env: {}, fetch: server.fetch, storage, online: false }, started)).toBe(false);
  const hosted = { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'k' };
  expect(await refreshBackendConfig({ env: hosted, fetch: server.fetch, storage }, started)).toBe(false);
  expect(server.asked.count).toBe(0);
  expect(await refreshBackendConfig({ env: {}, fetch: server.fetch, storage, online: true }, started)).toBe(false);
  expect(server.asked.count).toBe(1);
  expect(await loadBackendConfig({ env: {}, fetch: offline, storage })).toEqual(local);
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

test('a kept answer that is not JSON is asked for again, not a start that throws', async () => {
  const storage = memoryStorage();
  storage.setItem('guap.backend-config', '{"url":"http://127.0.0.1:41');
  expect(await loadBackendConfig({ env: {}, fetch: answering(local), storage })).toEqual(local);
  expect(await loadBackendConfig({ env: {}, fetch: offline, storage })).toEqual(local);
});

test('a config answer whose wallet settings are not strings is refused', async () => {
  await expect(
    loadBackendConfig({ env: {}, fetch: answering({ ...local, wallet: { chainId: 1500 } }), storage: memoryStorage() }),
  ).rejects.toThrow('no url and anonKey');
});

test('a config in the HTML is used with the page’s origin, kept, and nothing is asked', async () => {
  const storage = memoryStorage();
  const page = {
    getElementById: (id: string) => (id === 'backend-config' ? { textContent: '{"anonKey":"html.key"}' } : null),
  };
  const embedded = embeddedConfig(page, 'https://forum.example');
  expect(embedded).toEqual({ url: 'https://forum.example', anonKey: 'html.key' });
  expect(await loadBackendConfig({ env: {}, fetch: offline, storage, embedded })).toEqual(embedded);
  expect(await loadBackendConfig({ env: {}, fetch: offline, storage })).toEqual(embedded);
});

test('a page without a config script, or with a broken one, has none', () => {
  const page = (text: string | null) => ({ getElementById: () => (text === null ? null : { textContent: text }) });
  expect(embeddedConfig(page(null), 'https://forum.example')).toBeUndefined();
  expect(embeddedConfig(page('{"anonKey":'), 'https://forum.example')).toBeUndefined();
  expect(embeddedConfig(page('{"anonKey":7}'), 'https://forum.example')).toBeUndefined();
});
