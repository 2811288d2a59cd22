// The posting interval in the browser: ten replies written offline all post once the member is back, paced by the
// database's limit, the waiting one saying why it waits, and none ends in the failed list.
import { expect, test } from './support/test.ts';
import { MEMBER_ID, serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { DESKTOP } from './support/screens.ts';
import { freshThread, screens, signedInPage } from './threadToolsSupport.ts';

test.use({ viewport: DESKTOP });

/** The e2e servers lift the interval for the other specs; 2 s (Discourse's default is 5) paces ten replies in ~20 s. */
const POST_INTERVAL_S = 2;
let lifted: number | undefined;

test.beforeAll(async ({ baseURL }) => {
  const service = await serviceClient(baseURL!);
  const { data, error } = await service.from('forum_limits').select('post_interval_s').single();
  if (error) throw new Error(`reading forum_limits failed: ${error.message}`);
  lifted = (data as { post_interval_s: number }).post_interval_s;
  const set = await service.from('forum_limits').update({ post_interval_s: POST_INTERVAL_S }).eq('id', true);
  if (set.error) throw new Error(`turning the posting interval on failed: ${set.error.message}`);
});

test.afterAll(async ({ baseURL }) => {
  if (lifted === undefined) return;
  const service = await serviceClient(baseURL!);
  await service.from('forum_limits').update({ post_interval_s: lifted }).eq('id', true);
});

test('ten replies written offline post, paced by the posting interval, none lost and none failed', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const made = await freshThread(baseURL!, MEMBER_ID, `Paced replies ${Date.now()}`);
  const { context, page } = await signedInPage(browser, MEMBER);
  const thread = new ThreadPage(page);
  await thread.open(made.slug);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  const texts = Array.from({ length: 10 }, (_, i) => `Paced reply ${i + 1} of ten`);
  for (const text of texts) {
    await thread.reply(text);
    await expect(thread.post(text)).toContainText('Waiting to send');
  }

  await context.setOffline(false);
  const explained = page.getByText(/^Waiting \d+s: you are posting too quickly$/);
  await expect(explained).toBeVisible({ timeout: 60_000 });
  await screens(page, 'rate-limit-wait');
  for (const text of texts) {
    await expect(thread.post(text)).toHaveAttribute('data-status', 'sent', { timeout: 120_000 });
  }
  await expect(page.getByRole('group', { name: 'Not sent' })).toHaveCount(0);

  const service = await serviceClient(baseURL!);
  const { data } = await service
    .from('posts')
    .select('content, created_at')
    .eq('thread_id', made.id)
    .eq('type', 'reply')
    .order('created_at');
  const rows = (data ?? []) as { content: string; created_at: string }[];
  expect(rows.map((r) => r.content)).toEqual(texts);
  const times = rows.map((r) => new Date(r.created_at).getTime());
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(POST_INTERVAL_S * 1000 - 50);
  await context.close();
});
