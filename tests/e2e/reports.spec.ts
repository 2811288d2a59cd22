// Member reports: a member reports a post with the button and the post then says "Reported"; three members'
// reports hide it from a fourth member, while its author still reads it.
import { expect, test } from '@playwright/test';
import { serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { DESKTOP } from './support/screens.ts';
import { freshMember, freshThread, screens, signedInPage } from './threadToolsSupport.ts';

test.use({ viewport: DESKTOP });

test('a member reports a post; three reports hide it from a fourth member but not from its author', async ({
  browser,
  baseURL,
}) => {
  const author = await freshMember(baseURL!, 'author');
  const made = await freshThread(baseURL!, author.id, `Reported post ${Date.now()}`);

  const first = await freshMember(baseURL!, 'rep');
  const reporter = await signedInPage(browser, first);
  const thread = new ThreadPage(reporter.page);
  await thread.open(made.slug);
  const post = thread.post(made.content);
  await post.getByRole('button', { name: /^Report post by / }).click();
  const dialog = reporter.page.getByRole('dialog', { name: 'Report post' });
  await dialog.getByLabel('Other').check();
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please say why you are reporting this post');
  await dialog.getByLabel('Why are you reporting this post?').fill('Asks members for their seed phrase.');
  await screens(reporter.page, 'report-dialog');
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(post.getByText('Reported', { exact: true })).toBeVisible();
  await expect(post.getByRole('button', { name: /^Report post by / })).toHaveCount(0);
  const postId = await firstPostId(thread, made.content);
  const service = await serviceClient(baseURL!);
  await expect
    .poll(async () => {
      const { data } = await service.from('post_reports').select('reason, details').eq('post_id', postId);
      return data;
    })
    .toEqual([{ reason: 'other', details: 'Asks members for their seed phrase.' }]);

  // Two more members report it (through the API, as their devices would).
  for (const prefix of ['second', 'third']) {
    const member = await freshMember(baseURL!, prefix);
    const { error } = await member.client.from('post_reports').insert({ post_id: postId, reason: 'spam' });
    expect(error).toBeNull();
  }

  const fourth = await signedInPage(browser, MEMBER);
  const seen = new ThreadPage(fourth.page);
  await seen.open(made.slug);
  const hidden = seen.posts.first();
  await expect(hidden.getByText('hidden pending review', { exact: true })).toBeVisible();
  await expect(hidden).not.toContainText(made.content);
  await screens(fourth.page, 'hidden-post-member');

  const own = await signedInPage(browser, author);
  const ownThread = new ThreadPage(own.page);
  await ownThread.open(made.slug);
  const ownPost = ownThread.posts.first();
  await expect(ownPost.getByText('hidden pending review', { exact: true })).toBeVisible();
  await expect(ownPost.getByText('Hidden pending review', { exact: true })).toBeVisible();
  await expect(ownPost.getByLabel('Held text')).toContainText(made.content);
  await expect(ownPost.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await screens(own.page, 'hidden-post-author');

  for (const c of [reporter, fourth, own]) await c.context.close();
});

/** The post's id, from its element's id (post-{id}). */
async function firstPostId(thread: ThreadPage, content: string): Promise<string> {
  const id = await thread.post(content).getAttribute('id');
  if (!id) throw new Error('the post has no id');
  return id.slice('post-'.length);
}
