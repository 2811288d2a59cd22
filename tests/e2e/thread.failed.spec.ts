// Writes the server refuses: a reply to a thread locked meanwhile waits in the failed list with its reason, and an
// edit that meets a newer version shows both texts until the member chooses.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test.ts';
import { MEMBER_ID, serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { signInQuickly } from './support/signIn.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** A thread of the member's own, made on the server, so these tests never disturb the seeded ones. */
async function memberThread(baseURL: string, opening: string) {
  const service = await serviceClient(baseURL);
  const id = randomUUID();
  const { data: category } = await service.from('categories').select('id').limit(1).single<{ id: string }>();
  const slug = `refusals-${id.slice(0, 8)}`;
  const thread = await service
    .from('threads')
    .insert({ id, slug, title: 'Where the server says no', category_id: category!.id, author_id: MEMBER_ID });
  expect(thread.error).toBeNull();
  const { data: post, error } = await service
    .from('posts')
    .insert({ thread_id: id, author_id: MEMBER_ID, content: opening, type: 'thread' })
    .select('id')
    .single<{ id: string }>();
  expect(error).toBeNull();
  return { service, id, slug, postId: post!.id };
}

const signIn = (page: Page) => signInQuickly(page, MEMBER);

test('a reply to a thread locked meanwhile shows why it was not sent, and Discard removes it', async ({
  page,
  context,
  baseURL,
}) => {
  const { service, id, slug } = await memberThread(baseURL!, 'An opening post that is long enough.');
  await signIn(page);
  const thread = new ThreadPage(page);
  await thread.open(slug);
  // Written offline; a moderator locks the thread before the member is back online.
  await context.setOffline(true);
  const text = `Too late for a locked thread ${Date.now()}`;
  await thread.reply(text);
  await expect(thread.post(text)).toHaveAttribute('data-status', 'sending');
  await service.from('threads').update({ is_locked: true }).eq('id', id);
  await context.setOffline(false);

  const refused = page.getByRole('group', { name: 'Not sent' });
  await expect(refused).toContainText('This thread is locked');
  await expect(thread.post(text)).toHaveAttribute('data-status', 'failed');
  await refused.getByRole('button', { name: 'Discard' }).click();
  await expect(thread.post(text)).toHaveCount(0);
  await expect(refused).toHaveCount(0);
  expect((await service.from('posts').select('id').eq('content', text)).data).toEqual([]);
});

test('an edit that meets a newer version shows both texts, and Keep mine sends the member text', async ({
  page,
  context,
  baseURL,
}) => {
  const { service, slug, postId } = await memberThread(baseURL!, 'The words both devices started from.');
  await signIn(page);
  const thread = new ThreadPage(page);
  await thread.open(slug);
  // Edited offline here; meanwhile another device of the member changes the post on the server.
  await context.setOffline(true);
  const mine = 'Changed here on the laptop, on top of the old words.';
  const post = thread.posts.first();
  await post.getByRole('button', { name: 'Edit' }).click();
  await post.getByRole('textbox', { name: 'Edit your post' }).fill(mine);
  await post.getByRole('button', { name: 'Save' }).click();
  const theirs = 'Changed on my phone a moment ago.';
  await service.from('posts').update({ content: theirs }).eq('id', postId);
  await context.setOffline(false);

  const conflict = page.getByRole('group', { name: 'Edit conflict' });
  await expect(conflict).toContainText(theirs);
  await expect(conflict).toContainText(mine);
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(conflict).toHaveCount(0);
  await expect
    .poll(async () => (await service.from('posts').select('content').eq('id', postId).single()).data?.content)
    .toBe(mine);
});
