// storage.objects rows go only through the Storage API, as on hosted: a direct DELETE is refused, the API's works.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PNG, objectRow, startStorageStack } from './storage-helpers.ts';
import type { TestStack } from './stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStorageStack();
});
afterAll(() => stack.close());

const REFUSAL = 'Direct deletion from storage tables is not allowed. Use the Storage API instead.';

test('a direct DELETE on storage.objects is refused and deletes nothing; the API then deletes the object', async () => {
  const alice = await stack.newMember();
  const name = `${alice.id}/kept.png`;
  const upload = await alice.client.storage.from('media').upload(name, PNG, { contentType: 'image/png' });
  expect(upload.error).toBeNull();

  await expect(
    stack.db.query('delete from storage.objects where bucket_id = $1 and name = $2', ['media', name]),
  ).rejects.toMatchObject({
    code: '42501',
    message: REFUSAL,
  });
  expect(await objectRow(stack, 'media', name)).toBeDefined();

  const removed = await alice.client.storage.from('media').remove([name]);
  expect(removed.error).toBeNull();
  expect(removed.data).toEqual([expect.objectContaining({ name })]);
  expect(await objectRow(stack, 'media', name)).toBeUndefined();
  const download = await alice.client.storage.from('media').download(name);
  expect(download.error).not.toBeNull();
});

test('a direct DELETE on storage.buckets is refused too', async () => {
  await expect(stack.db.query("delete from storage.buckets where id = 'uploads'")).rejects.toMatchObject({
    code: '42501',
    message: REFUSAL,
  });
  const { rows } = await stack.db.query("select id from storage.buckets where id = 'uploads'");
  expect(rows).toHaveLength(1);
});
