import { afterAll, beforeAll, expect, test } from 'vitest';
import { PNG, objectRow, startStorageStack } from './storage-helpers.ts';
import type { TestStack } from './stack.ts';

let stack: TestStack;
let alice: Awaited<ReturnType<TestStack['newMember']>>;
let bob: Awaited<ReturnType<TestStack['newMember']>>;

beforeAll(async () => {
  stack = await startStorageStack();
  alice = await stack.newMember();
  bob = await stack.newMember();
});
afterAll(() => stack.close());

const put = (client: typeof alice.client, bucket: string, name: string) =>
  client.storage.from(bucket).upload(name, PNG, { contentType: 'image/png' });

test('list: names ascending, folders as entries with id null, files with metadata', async () => {
  for (const name of ['b.png', 'a.png', 'C.png', 'sub/inner.png', 'sub/deeper/x.png']) {
    expect((await put(alice.client, 'uploads', `${alice.id}/${name}`)).error).toBeNull();
  }
  const { data, error } = await alice.client.storage.from('uploads').list(alice.id);
  expect(error).toBeNull();
  expect(data?.map((e) => e.name)).toEqual(['C.png', 'a.png', 'b.png', 'sub']);
  const folder = data?.find((e) => e.name === 'sub');
  expect(folder).toMatchObject({ id: null, metadata: null, updated_at: null });
  const file = data?.find((e) => e.name === 'a.png');
  expect(file?.id).toEqual(expect.any(String));
  expect(file?.metadata).toMatchObject({ size: PNG.length, mimetype: 'image/png', cacheControl: 'max-age=3600' });

  const root = await stack.anon().storage.from('uploads').list();
  expect(root.data?.map((e) => e.name)).toContain(alice.id);
  const inner = await alice.client.storage.from('uploads').list(`${alice.id}/sub`);
  expect(inner.data?.map((e) => e.name)).toEqual(['deeper', 'inner.png']);
  const paged = await alice.client.storage.from('uploads').list(alice.id, { limit: 2, offset: 1 });
  expect(paged.data?.map((e) => e.name)).toEqual(['a.png', 'b.png']);
  const desc = await alice.client.storage.from('uploads').list(alice.id, { sortBy: { column: 'name', order: 'desc' } });
  expect(desc.data?.[0]?.name).toBe('sub');
  const searched = await alice.client.storage.from('uploads').list(alice.id, { search: 'b' });
  expect(searched.data?.map((e) => e.name)).toEqual(['b.png']);
});

test('list returns at most 100 entries by default', async () => {
  for (let i = 0; i < 101; i += 1) {
    expect((await put(bob.client, 'post-images', `${bob.id}/f${String(i).padStart(3, '0')}.png`)).error).toBeNull();
  }
  const { data } = await bob.client.storage.from('post-images').list(bob.id);
  expect(data).toHaveLength(100);
  expect(data?.[0]?.name).toBe('f000.png');
  expect(data?.[99]?.name).toBe('f099.png');
});

test("remove: one's own objects go; another member's stay, and the answer lists only what went", async () => {
  const mine = `${alice.id}/remove-me.png`;
  const theirs = `${bob.id}/keep-me.png`;
  expect((await put(alice.client, 'media', mine)).error).toBeNull();
  expect((await put(bob.client, 'media', theirs)).error).toBeNull();

  const refused = await alice.client.storage.from('media').remove([theirs]);
  expect(refused.error).toBeNull();
  expect(refused.data).toEqual([]);
  expect(await objectRow(stack, 'media', theirs)).toBeDefined();
  const still = await fetch(stack.anon().storage.from('media').getPublicUrl(theirs).data.publicUrl);
  expect(Buffer.from(await still.arrayBuffer())).toEqual(PNG);

  const anon = await stack.anon().storage.from('media').remove([theirs]);
  expect(anon.data).toEqual([]);

  const removed = await alice.client.storage.from('media').remove([mine]);
  expect(removed.error).toBeNull();
  expect(removed.data?.map((o) => o.name)).toEqual([mine]);
  expect(await objectRow(stack, 'media', mine)).toBeUndefined();
  expect((await fetch(stack.anon().storage.from('media').getPublicUrl(mine).data.publicUrl)).status).toBe(404);
});

test('buckets: the service key sees them with their limits; others see what RLS lets them (none, as hosted)', async () => {
  const { data, error } = await stack.service().storage.getBucket('avatars');
  expect(error).toBeNull();
  expect(data).toMatchObject({
    id: 'avatars',
    public: true,
    file_size_limit: 2 * 1024 * 1024,
    allowed_mime_types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  });
  const all = await stack.service().storage.listBuckets();
  expect(all.data?.map((b) => b.id).sort()).toEqual(['avatars', 'media', 'post-images', 'uploads']);
  expect((await alice.client.storage.listBuckets()).data).toEqual([]);
  expect((await stack.service().storage.getBucket('nope')).error).toMatchObject({ statusCode: '404' });
});

test('malformed list and remove bodies are 400s in the storage error shape, never 500s', async () => {
  const token = (await alice.client.auth.getSession()).data.session?.access_token ?? '';
  const call = (method: string, path: string, body: string) =>
    fetch(`${stack.url}/storage/v1${path}`, {
      method,
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
  for (const [method, path, body] of [
    ['POST', '/object/list/media', '{"prefix": '],
    ['POST', '/object/list/media', '{"limit": "many"}'],
    ['DELETE', '/object/media', '{"prefixes": []}'],
    ['DELETE', '/object/media', 'not json'],
  ] as const) {
    const res = await call(method, path, body);
    expect(res.status, `${method} ${path} ${body}`).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400' });
  }
});
