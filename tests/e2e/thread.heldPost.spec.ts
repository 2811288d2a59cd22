// A new member's first post with 3 links: the database holds it for a moderator's approval. Their thread shows it
// held with the reason, and the header's sync word counts it as held for review, never as failed or waiting.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { MEMBER_ID, serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { newMember } from './support/newMember.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const LINKS = 'Try https://guap.example/a and https://guap.example/b and https://guap.example/c for the airdrop';
const REASON = "A new member's first post with 3 links waits for a moderator's approval.";

/** A thread of its own, by the seeded member: a reply in a shared seeded thread would be unread in other specs. */
async function freshThread(baseURL: string): Promise<string> {
  const service = await serviceClient(baseURL);
  const { data: categories } = await service.from('categories').select('id').order('order_index').limit(1);
  const id = randomUUID();
  const made = [
    await service.from('threads').insert({
      id,
      slug: `airdrop-links-${id}`,
      title: `Airdrop links ${Date.now()}`,
      category_id: (categories as { id: string }[])[0]!.id,
      author_id: MEMBER_ID,
    }),
    await service.from('posts').insert({
      thread_id: id,
      author_id: MEMBER_ID,
      content: 'Where do people share their airdrop links?',
      type: 'thread',
      is_first_post: true,
    }),
  ];
  expect(made.map((answer) => answer.error)).toEqual([null, null]);
  return id;
}

test("a new member's first post with 3 links shows as held with the reason, not as failed or sent", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const threadId = await freshThread(baseURL!);
  const account = await newMember(page, page.request, 'held');
  const thread = new ThreadPage(page);
  await thread.open(threadId);
  await thread.reply(LINKS);

  const mine = thread.posts.filter({ has: page.getByRole('heading', { name: account.username }) });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Hidden pending review');
  await expect(mine.getByRole('note', { name: 'Why it is held' })).toHaveText(`Why it is held: ${REASON}`);
  // The author still reads their own words under the notice.
  await expect(mine.getByLabel('Held text')).toContainText('https://guap.example/c');
  await expect(mine).not.toContainText('Waiting to send');
  await expect(mine.getByRole('group', { name: 'Not sent' })).toHaveCount(0);

  const sync = page.getByTestId('sync-indicator');
  await expect(sync).toHaveText('1 held for review');
  await expect(sync).not.toContainText('failed');

  // The server holds it: hidden to everyone, its words aside with the same reason.
  const service = await serviceClient(baseURL!);
  const postId = (await mine.getAttribute('id'))!.replace(/^post-/, '');
  const { data: post } = await service.from('posts').select('content, hidden_at').eq('id', postId).single();
  expect(post).toMatchObject({ content: '' });
  expect(post!.hidden_at).not.toBeNull();
  const { data: hold } = await service.from('post_holds').select('reason').eq('post_id', postId).single();
  expect(hold).toEqual({ reason: REASON });

  // After a reload the held state comes from the mirror and the server, not from the moment of sending.
  await page.reload();
  await expect(mine.getByRole('note', { name: 'Why it is held' })).toHaveText(`Why it is held: ${REASON}`);
  await expect(sync).toHaveText('1 held for review');
});
