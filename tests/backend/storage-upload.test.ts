import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GIF, PNG, objectRow, pngOfSize, startStorageStack } from './storage-helpers.ts';
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

const publicUrl = (bucket: string, name: string) => stack.anon().storage.from(bucket).getPublicUrl(name).data.publicUrl;

describe("uploads into one's own folder", () => {
  test('media: the public URL serves the same bytes, type and cache-control', async () => {
    const name = `${alice.id}/first.png`;
    const { data, error } = await alice.client.storage
      .from('media')
      .upload(name, PNG, { contentType: 'image/png', cacheControl: '3600', upsert: false });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: name, fullPath: `media/${name}` });
    expect(data?.id).toEqual(expect.any(String));

    const url = publicUrl('media', name);
    expect(url).toBe(`${stack.url}/storage/v1/object/public/media/${name}`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    expect((await objectRow(stack, 'media', name))?.owner).toBe(alice.id);
  });

  test('a Blob goes as multipart FormData; its type and the cacheControl field are kept', async () => {
    const name = `${alice.id}/blob.gif`;
    const blob = new Blob([GIF], { type: 'image/gif' });
    const { error } = await alice.client.storage.from('media').upload(name, blob, { cacheControl: '60' });
    expect(error).toBeNull();
    const res = await fetch(publicUrl('media', name));
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toBe('max-age=60');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(GIF);
  });

  test('a member downloads through the authenticated route as well', async () => {
    const name = `${alice.id}/download.png`;
    await alice.client.storage.from('media').upload(name, PNG, { contentType: 'image/png' });
    const { data, error } = await bob.client.storage.from('media').download(name);
    expect(error).toBeNull();
    expect(Buffer.from(await (data as Blob).arrayBuffer())).toEqual(PNG);
  });
});

describe('refused uploads store nothing', () => {
  test("another member's folder: HTTP 400 with statusCode 403, as hosted", async () => {
    const name = `${bob.id}/intruder.png`;
    const { error } = await alice.client.storage.from('media').upload(name, PNG, { contentType: 'image/png' });
    expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect((error as unknown as { status: number }).status).toBe(400);
    expect(await objectRow(stack, 'media', name)).toBeUndefined();
    expect((await fetch(publicUrl('media', name))).status).toBe(404);
  });

  test('anonymous uploads are refused', async () => {
    const { error } = await stack.anon().storage.from('media').upload('anon/x.png', PNG, { contentType: 'image/png' });
    expect(error).toMatchObject({ statusCode: '403' });
    expect(await objectRow(stack, 'media', 'anon/x.png')).toBeUndefined();
  });

  test('no overwrite without upsert (409 Duplicate); x-upsert replaces the bytes', async () => {
    const name = `${alice.id}/again.png`;
    const storage = alice.client.storage.from('media');
    expect((await storage.upload(name, PNG, { contentType: 'image/png' })).error).toBeNull();
    const dup = await storage.upload(name, GIF, { contentType: 'image/gif' });
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect(Buffer.from(await (await fetch(publicUrl('media', name))).arrayBuffer())).toEqual(PNG);

    expect((await storage.upload(name, GIF, { contentType: 'image/gif', upsert: true })).error).toBeNull();
    const res = await fetch(publicUrl('media', name));
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(GIF);

    expect((await storage.update(name, PNG, { contentType: 'image/png' })).error).toBeNull();
    expect(Buffer.from(await (await fetch(publicUrl('media', name))).arrayBuffer())).toEqual(PNG);
    const hijack = await bob.client.storage.from('media').upload(name, GIF, { contentType: 'image/gif', upsert: true });
    expect(hijack.error).toMatchObject({ statusCode: '403' });
  });

  test('over the bucket size: 10 MB in media, 2 MB in avatars (413)', async () => {
    const big = await alice.client.storage
      .from('media')
      .upload(`${alice.id}/big.png`, pngOfSize(10 * 1024 * 1024 + 1), { contentType: 'image/png' });
    expect(big.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const fits = await alice.client.storage
      .from('media')
      .upload(`${alice.id}/fits.png`, pngOfSize(3 * 1024 * 1024), { contentType: 'image/png' });
    expect(fits.error).toBeNull();
    const avatar = await alice.client.storage
      .from('avatars')
      .upload(`${alice.id}-1.png`, pngOfSize(2 * 1024 * 1024 + 1), { contentType: 'image/png' });
    expect(avatar.error).toMatchObject({ statusCode: '413' });
    expect(await objectRow(stack, 'avatars', `${alice.id}-1.png`)).toBeUndefined();
  });

  test('non-images are refused (415) by type and by content, in media and in avatars', async () => {
    const text = Buffer.from('just some text, not an image');
    const cases: [string, string, Buffer, string][] = [
      ['media', `${alice.id}/notes.txt`, text, 'text/plain'],
      ['media', `${alice.id}/fake.png`, text, 'image/png'],
      [
        'media',
        `${alice.id}/x.svg`,
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
        'image/svg+xml',
      ],
      ['media', `${alice.id}/gif-as-png.png`, GIF, 'image/png'],
      ['media', `${alice.id}/not-a-gif.gif`, text, 'video/gif'],
      ['avatars', `${alice.id}-2.png`, text, 'image/png'],
      ['avatars', `${alice.id}-3.bmp`, Buffer.concat([Buffer.from('BM'), Buffer.alloc(64)]), 'image/bmp'],
    ];
    for (const [bucket, name, bytes, contentType] of cases) {
      const { error } = await alice.client.storage.from(bucket).upload(name, bytes, { contentType });
      expect(error, `${bucket}/${name}`).toMatchObject({
        statusCode: '415',
        message: expect.stringMatching(/^mime type /),
      });
      expect(await objectRow(stack, bucket, name)).toBeUndefined();
    }
    const { error } = await alice.client.storage.from('media').upload(`${alice.id}/fake.png`, text, {
      contentType: 'image/png',
    });
    expect(error?.message).toBe(
      "mime type image/png is not supported: the file's content is not an image of type image/png",
    );
  });
});

test('media takes an animated GIF labelled video/gif, as the editor allows (SPEC §5)', async () => {
  const name = `${alice.id}/animated.gif`;
  const { error } = await alice.client.storage.from('media').upload(name, GIF, { contentType: 'video/gif' });
  expect(error).toBeNull();
  expect((await objectRow(stack, 'media', name))?.owner).toBe(alice.id);
});

describe('avatars', () => {
  test('<uid>-<ts>.png at the root is allowed for oneself, refused for another id', async () => {
    const own = `${alice.id}-${Date.now()}.png`;
    expect(
      (await alice.client.storage.from('avatars').upload(own, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    const res = await fetch(publicUrl('avatars', own));
    expect(res.status).toBe(200);

    const other = `${bob.id}-${Date.now()}.png`;
    const { error } = await alice.client.storage.from('avatars').upload(other, PNG, { contentType: 'image/png' });
    expect(error).toMatchObject({ statusCode: '403' });
    const nested = `${alice.id}-x/${bob.id}.png`;
    expect(
      (await alice.client.storage.from('avatars').upload(nested, PNG, { contentType: 'image/png' })).error,
    ).toMatchObject({
      statusCode: '403',
    });
  });
});

describe('bad requests', () => {
  const post = (path: string, token: string, body: Buffer = PNG) =>
    fetch(`${stack.url}/storage/v1/object/${path}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: new Uint8Array(body),
    });

  test('a missing bucket is 404 Bucket not found', async () => {
    const { error } = await alice.client.storage
      .from('nope')
      .upload(`${alice.id}/x.png`, PNG, { contentType: 'image/png' });
    expect(error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    const list = await alice.client.storage.from('nope').list();
    expect(list.error).toMatchObject({ statusCode: '404' });
  });

  test('a missing object is 404 not_found on the public route', async () => {
    const res = await fetch(`${stack.url}/storage/v1/object/public/media/${alice.id}/missing.png`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: '404', error: 'not_found', message: 'Object not found' });
  });

  // fetch resolves a literal or percent-encoded ".." segment itself, so these are the forms that can reach the server.
  test('"..", empty segments and absolute names are refused before anything is written', async () => {
    const token = (await alice.client.auth.getSession()).data.session?.access_token ?? '';
    for (const path of [
      `media/${alice.id}/%2E%2E%2Fx.png`,
      `media/${alice.id}//x.png`,
      `media//${alice.id}/x.png`,
      `media/${alice.id}/..%2Fx.png`,
    ]) {
      const res = await post(path, token);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    }
    const { rows } = await stack.db.query(
      "select name from storage.objects where name like '%..%' or name like '%//%'",
    );
    expect(rows).toEqual([]);
  });

  test('an expired or badly signed JWT is 401', async () => {
    const forged = `${stack.anonKey.slice(0, -4)}AAAA`;
    const res = await post(`media/${alice.id}/jwt.png`, forged);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ statusCode: '401', error: 'Unauthorized' });
  });
});

// An avatar that broke: a cacheControl with a line break was stored, then every read of the avatar was a 500.
describe('cacheControl', () => {
  const avatarName = () => `${alice.id}-${Date.now()}-${Math.random().toString(36).slice(2)}.png`;
  const stored = async (name: string) =>
    (await stack.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', ['avatars', name])).rows;

  test('anything but a number of seconds or max-age=N is a 400 that says so, and nothing is stored', async () => {
    for (const cacheControl of ['3600\r\nX-Injected: yes', 'no-cache', 'max-age=60, public', '-1', 'max-age=']) {
      const name = avatarName();
      const blob = new Blob([PNG], { type: 'image/png' });
      const { error } = await alice.client.storage.from('avatars').upload(name, blob, { cacheControl });
      expect(error, cacheControl).toMatchObject({
        statusCode: '400',
        message: 'cacheControl must be a number of seconds, as "3600" or "max-age=3600"',
      });
      expect(await stored(name), cacheControl).toEqual([]);
    }
    // The raw-body form sends the header that storage-js builds from the option.
    const name = avatarName();
    const token = (await alice.client.auth.getSession()).data.session?.access_token ?? '';
    const res = await fetch(`${stack.url}/storage/v1/object/avatars/${name}`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'image/png',
        'cache-control': 'max-age=3600, immutable',
      },
      body: new Uint8Array(PNG),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
    expect(await stored(name)).toEqual([]);
  });

  test('"3600" in the form and "max-age=3600" as a header are both taken, and served as max-age', async () => {
    const fromForm = avatarName();
    const blob = new Blob([PNG], { type: 'image/png' });
    expect(
      (await alice.client.storage.from('avatars').upload(fromForm, blob, { cacheControl: '120' })).error,
    ).toBeNull();
    const fromHeader = avatarName();
    expect(
      (
        await alice.client.storage
          .from('avatars')
          .upload(fromHeader, PNG, { contentType: 'image/png', cacheControl: '90' })
      ).error,
    ).toBeNull();
    expect((await fetch(publicUrl('avatars', fromForm))).headers.get('cache-control')).toBe('max-age=120');
    expect((await fetch(publicUrl('avatars', fromHeader))).headers.get('cache-control')).toBe('max-age=90');
  });

  test('a bad value stored before the check is read with the default, never a 500', async () => {
    const name = avatarName();
    expect(
      (await alice.client.storage.from('avatars').upload(name, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    await stack.db.query(
      `update storage.objects
       set metadata = metadata || jsonb_build_object('cacheControl', $3::text, 'mimetype', $4::text)
       where bucket_id = $1 and name = $2`,
      ['avatars', name, '3600\r\nX-Injected: yes', 'image/png\r\nX-Injected: yes'],
    );
    for (const url of [publicUrl('avatars', name), `${stack.url}/storage/v1/object/authenticated/avatars/${name}`]) {
      const token = (await alice.client.auth.getSession()).data.session?.access_token ?? '';
      const res = await fetch(url, { headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` } });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control')).toBe('max-age=3600');
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('x-injected')).toBeNull();
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    }
  });
});
