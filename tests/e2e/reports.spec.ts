// Member reports: a member reports a post with the button and the post then says "Reported"; three members'
// reports hide it from a fourth member, while its author still reads it.
import { expect, test } from './support/test.ts';
import { serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { DESKTOP } from './support/screens.ts';
import { MODERATOR } from './support/accounts.ts';
import { freshMember, freshThread, giveStanding, giveTrustLevel, screens, signedInPage } from './threadToolsSupport.ts';

test.use({ viewport: DESKTOP });

test('a member reports a post; three reports hide it from a fourth member but not from its author', async ({
  browser,
  baseURL,
}) => {
  // Several pages and many steps: over 15 s on a quiet machine, so three times the default on a busy one.
  test.slow();
  const author = await freshMember(baseURL!, 'author');
  const made = await freshThread(baseURL!, author.id, `Reported post ${Date.now()}`);

  // Established members: reports from new accounts reach the queue but hide nothing.
  const first = await freshMember(baseURL!, 'rep');
  await giveStanding(baseURL!, first.id);
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
    await giveStanding(baseURL!, member.id);
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

test("a moderator dismisses every open report of one reporter from the queue, asked first; others' stay", async ({
  browser,
  baseURL,
}) => {
  const author = await freshMember(baseURL!, 'author');
  const stamp = Date.now();
  const only = await freshThread(baseURL!, author.id, `Reported by one ${stamp}`);
  const shared = await freshThread(baseURL!, author.id, `Reported by two ${stamp}`);
  const service = await serviceClient(baseURL!);
  const postOf = async (threadId: string) =>
    (await service.from('posts').select('id').eq('thread_id', threadId).single()).data!.id;
  const [onlyPost, sharedPost] = [await postOf(only.id), await postOf(shared.id)];
  const noisy = await freshMember(baseURL!, 'noisy');
  const other = await freshMember(baseURL!, 'other');
  for (const reporter of [noisy, other]) await giveTrustLevel(baseURL!, reporter.id, 1);
  for (const post of [onlyPost, sharedPost]) {
    expect((await noisy.client.from('post_reports').insert({ post_id: post, reason: 'spam' })).error).toBeNull();
  }
  expect((await other.client.from('post_reports').insert({ post_id: sharedPost, reason: 'abusive' })).error).toBeNull();

  const mod = await signedInPage(browser, MODERATOR);
  await mod.page.goto('/reports');
  const cardOf = (title: string) => mod.page.getByTestId('open-report').filter({ hasText: title });
  const sharedCard = cardOf(shared.title);
  await expect(sharedCard).toContainText('2 reports');
  const noisyRow = sharedCard.getByTestId('reporter').filter({ hasText: `@${noisy.username}` });
  await expect(noisyRow).toContainText('New account');
  await expect(noisyRow).toContainText('2 open reports');
  await expect(cardOf(only.title)).toContainText('1 report');
  await screens(mod.page, 'reports-reporters');

  await noisyRow.getByRole('button', { name: `Dismiss all from @${noisy.username}` }).click();
  const dialog = mod.page.getByRole('dialog', { name: 'Dismiss all reports' });
  await expect(dialog).toContainText(`Dismiss all 2 open reports from @${noisy.username}?`);
  await screens(mod.page, 'dismiss-reporter-dialog');
  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cardOf(only.title)).toHaveCount(1);

  await noisyRow.getByRole('button', { name: `Dismiss all from @${noisy.username}` }).click();
  await dialog.getByRole('button', { name: 'Dismiss all' }).click();
  await expect(
    mod.page.locator('[data-sonner-toast]').filter({ hasText: `Dismissed 2 reports from @${noisy.username}` }),
  ).toBeVisible();
  await expect(cardOf(only.title)).toHaveCount(0);
  await expect(sharedCard).toContainText('1 report');
  await expect(sharedCard.getByTestId('reporter')).toHaveCount(1);
  await expect(sharedCard.getByTestId('reporter')).toContainText(`@${other.username}`);
  const { data } = await service.from('post_reports').select('status').eq('reporter_id', noisy.id);
  expect(data).toEqual([{ status: 'dismissed' }, { status: 'dismissed' }]);
  await mod.context.close();
});

/** The post's id, from its element's id (post-{id}). */
async function firstPostId(thread: ThreadPage, content: string): Promise<string> {
  const id = await thread.post(content).getAttribute('id');
  if (!id) throw new Error('the post has no id');
  return id.slice('post-'.length);
}
