// /review against the real local stack: a moderator works the queue (agree and suspend, disagree, ignore, and a
// decision on an item that changed meanwhile answered with its newer state), the suspended author reads the reason
// and the end date on their next visit, a moderator deletes a spammer in one confirmed step, and a silenced member's
// view. Shot at 1280x800 and 390x844.
import { createClient } from '@supabase/supabase-js';
import { E2E_JWT_SECRET } from '../../playwright.config.ts';
import { makeKeys } from '../../supabase/local/jwt.ts';
import { expect, test } from './support/test.ts';
import { serviceClient } from './pages/ThreadPage.ts';
import { MODERATOR } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { shoot, shootPart } from './support/reviewShots.ts';
import { DESKTOP } from './support/screens.ts';
import { freshMember, freshThread, giveStanding, giveTrustLevel, signedInPage } from './threadToolsSupport.ts';

test.use({ viewport: DESKTOP, timezoneId: 'UTC', locale: 'en-US' });

type Member = Awaited<ReturnType<typeof freshMember>>;

/** The post's id, then a flag on it from each of these members (through the API, as their devices would). */
async function flag(baseURL: string, postContent: string, flaggers: Member[], reason: string) {
  const service = await serviceClient(baseURL);
  const { data } = await service.from('posts').select('id').eq('content', postContent).single();
  const postId = (data as { id: string }).id;
  for (const flagger of flaggers) {
    const { error } = await flagger.client.from('post_reports').insert({ post_id: postId, reason });
    expect(error).toBeNull();
  }
  return postId;
}

async function member(baseURL: string, prefix: string, level: 1 | 2) {
  const made = await freshMember(baseURL, prefix);
  if (level === 2) await giveStanding(baseURL, made.id);
  else await giveTrustLevel(baseURL, made.id, 1);
  return made;
}

async function itemOf(baseURL: string, postId: string) {
  const service = await serviceClient(baseURL);
  const { data } = await service.from('reviewables').select('status, version').eq('post_id', postId);
  return data?.[0];
}

const ENDS = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

test('a moderator works the queue; the suspended author reads why and until when', async ({ browser, baseURL }) => {
  // Several pages and many steps: over 15 s on a quiet machine, so three times the default on a busy one.
  test.slow();
  const url = baseURL!;
  const stamp = Date.now();
  // The spammer is a new account (level 0): three members' spam flags also silence them until staff decide.
  const spammer = await freshMember(url, 'spammer');
  const [offTopic, quarrel] = await Promise.all([member(url, 'offtopic', 1), member(url, 'quarrel', 1)]);
  const linker = await freshMember(url, 'linker');
  const flaggers = await Promise.all(['fa', 'fb', 'fc'].map((p) => member(url, p, 2)));
  const newcomer = await member(url, 'fd', 1);
  const spam = await freshThread(url, spammer.id, `Cheap followers at example dot com ${stamp}`);
  const aside = await freshThread(url, offTopic.id, `My cat photos ${stamp}`, 'market-talk');
  const rude = await freshThread(url, quarrel.id, `You are all wrong ${stamp}`);
  const spamPost = await flag(url, spam.content, flaggers, 'spam');
  const asidePost = await flag(url, aside.content, [newcomer], 'off_topic');
  const rudePost = await flag(url, rude.content, [flaggers[0]!], 'abusive');
  // A new member's first post with three links is held for approval.
  const links = ['one', 'two', 'three'].map((p) => `https://example.com/${p}`).join(' ');
  const heldText = `My projects ${stamp}: ${links}`;
  const held = await linker.client
    .from('posts')
    .insert({ thread_id: aside.id, author_id: linker.id, content: heldText, type: 'reply' })
    .select('id')
    .single();
  expect(held.error).toBeNull();
  const heldPost = (held.data as { id: string }).id;

  const mod = await signedInPage(browser, MODERATOR);
  await mod.page.goto('/review');
  await expect(mod.page.getByRole('heading', { name: 'Review' })).toBeVisible();
  // The sidebar offers staff the queue with its count.
  const link = mod.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Review/ });
  await expect(link).toHaveAttribute('href', '/review');
  await expect(link.getByTestId('review-count')).toHaveText(/^\d+\+?$/);

  const card = (title: string) => mod.page.getByTestId('review-item').filter({ hasText: title });
  const spamCard = card(spam.title);
  await expect(spamCard).toContainText('Flagged post');
  await expect(spamCard).toContainText(`by @${spammer.username} in GuapCoin General`);
  await expect(spamCard.locator('blockquote')).toContainText(spam.content);
  // The score explained: each flag, who, why, and what it weighs.
  const explained = spamCard.getByLabel('Score explained');
  await expect(explained).toContainText('Flags 3 + 3 + 3 = 9');
  await expect(explained.getByTestId('review-flag')).toHaveCount(3);
  for (const flagger of flaggers) {
    const row = explained.getByTestId('review-flag').filter({ hasText: `@${flagger.username}` });
    await expect(row).toContainText('Spam');
    await expect(row).toContainText('weight 3 (trust level 2)');
  }
  await shootPart(mod.page, spamCard, 'review-score-explained');
  // The auto-silenced spammer and the held post wait with their reasons.
  const silencedCard = card(`@${spammer.username}`).filter({ hasText: 'Silenced member' });
  await expect(silencedCard).toContainText('Why: Three members flagged their posts as spam');
  await expect(silencedCard.getByRole('link', { name: 'Open profile' })).toBeVisible();
  const heldCard = card(heldText).filter({ hasText: 'Held post' });
  await expect(heldCard).toContainText(`by @${linker.username} in Market Talk`);
  await expect(heldCard).toContainText("Why: A new member's first post with 3 links waits for a moderator's approval.");
  // Highest score first: the spam sits above the aside.
  const titles = await mod.page.getByTestId('review-item').allInnerTexts();
  const at = (title: string) => titles.findIndex((t) => t.includes(title));
  expect(at(spam.title)).toBeLessThan(at(aside.title));
  // The filters are the server's and the URL's: a reason, a category, an author (any case), and days.
  const filters = mod.page.getByRole('search', { name: 'Filter the queue' });
  await filters.getByLabel('Reason').selectOption('off_topic');
  await expect(mod.page).toHaveURL(/[?&]reason=off_topic/);
  await expect(card(aside.content)).toBeVisible();
  await expect(spamCard).toHaveCount(0);
  await filters.getByLabel('Reason').selectOption('');
  await filters.getByLabel('Category').selectOption({ label: 'Market Talk' });
  await expect(heldCard).toBeVisible();
  await expect(card(aside.content)).toBeVisible();
  await expect(spamCard).toHaveCount(0);
  await filters.getByRole('button', { name: 'Clear' }).click();
  await filters.getByLabel('Author').fill(`@${spammer.username.toUpperCase()}`);
  await filters.getByLabel('Author').press('Enter');
  await expect(mod.page).toHaveURL(new RegExp(`[?&]author=${spammer.username.toUpperCase()}`));
  await expect(silencedCard).toBeVisible();
  await expect(mod.page.getByTestId('review-item')).toHaveCount(2);
  // The URL holds them: a reload shows the same filtered queue.
  await mod.page.reload();
  await expect(filters.getByLabel('Author')).toHaveValue(spammer.username.toUpperCase());
  await expect(mod.page.getByTestId('review-item')).toHaveCount(2);
  const today = new Date().toISOString().slice(0, 10);
  await filters.getByLabel('From', { exact: true }).fill('2099-01-02');
  await filters.getByLabel('To', { exact: true }).fill(today);
  await expect(filters.getByRole('alert')).toHaveText('The "From" day must not be after the "To" day.');
  await expect(mod.page.getByTestId('review-item')).toHaveCount(0);
  await filters.getByLabel('From', { exact: true }).fill(today);
  await expect(mod.page.getByTestId('review-item')).toHaveCount(2);
  await filters.getByRole('button', { name: 'Clear' }).click();
  await expect(filters.getByLabel('Author')).toHaveValue('');
  await expect(spamCard).toBeVisible();
  await expect(card(aside.content)).toBeVisible();
  // A moderator is offered every action, Delete spammer too.
  await expect(spamCard.getByRole('button', { name: 'Agree…' })).toBeVisible();
  await expect(spamCard.getByRole('button', { name: 'Delete spammer…' })).toBeVisible();
  await shoot(mod.page, 'review-queue', true);
  await expectNoSeriousA11yViolations(mod.page, 'the review queue');

  // Agree, and suspend the author for 3 days with a reason.
  await spamCard.getByRole('button', { name: 'Agree…' }).click();
  const dialog = mod.page.getByRole('dialog', { name: 'Agree' });
  await dialog.getByLabel('Penalty').selectOption('suspend');
  await dialog.getByLabel('For').selectOption('3');
  await dialog.getByRole('button', { name: 'Agree and suspend' }).click();
  await expect(dialog.getByText('Please give the member a reason')).toBeVisible();
  await dialog.getByLabel('Reason the member reads').fill('Advertising a paid followers service');
  await shoot(mod.page, 'review-agree-dialog');
  await dialog.getByRole('button', { name: 'Agree and suspend' }).click();
  await expect(spamCard).toHaveCount(0);
  await expect.poll(() => itemOf(url, spamPost)).toMatchObject({ status: 'agreed' });

  // Disagree restores; the aside's flag is dismissed.
  await card(aside.content).getByRole('button', { name: 'Disagree' }).click();
  await expect(card(aside.content)).toHaveCount(0);
  await expect.poll(() => itemOf(url, asidePost)).toMatchObject({ status: 'disagreed' });

  // Disagree on a held post approves it: shown to everyone with its text.
  await heldCard.getByRole('button', { name: 'Disagree' }).click();
  await expect(heldCard).toHaveCount(0);
  const service = await serviceClient(url);
  await expect
    .poll(async () => (await service.from('posts').select('content, hidden_at').eq('id', heldPost).single()).data)
    .toEqual({ content: heldText, hidden_at: null });

  // Another flag lands while the moderator looks: their Ignore meets a newer version (409), and the card shows it.
  const rudeCard = card(rude.title);
  await expect(rudeCard.getByTestId('review-flag')).toHaveCount(1);
  await flag(url, rude.content, [flaggers[1]!], 'abusive');
  await rudeCard.getByRole('button', { name: 'Ignore' }).click();
  await expect(rudeCard.getByRole('alert')).toHaveText(/This item changed .*the newer state is shown/);
  await expect(rudeCard.getByTestId('review-flag')).toHaveCount(2);
  await expect(rudeCard).toContainText('Flags 3 + 3 = 6');
  await shoot(mod.page, 'review-item-changed', true);
  await rudeCard.getByRole('button', { name: 'Ignore' }).click();
  await expect(rudeCard).toHaveCount(0);
  await expect.poll(() => itemOf(url, rudePost)).toMatchObject({ status: 'ignored' });

  // The suspended author's next visit: the reason and the end date.
  const { data: penalty } = await service
    .from('member_penalties')
    .select('kind, reason, ends_at')
    .eq('member_id', spammer.id)
    .eq('kind', 'suspend')
    .single();
  const { kind, reason, ends_at } = penalty as { kind: string; reason: string; ends_at: string };
  expect({ kind, reason }).toEqual({ kind: 'suspend', reason: 'Advertising a paid followers service' });
  const days = (new Date(ends_at).getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(2.9);
  expect(days).toBeLessThanOrEqual(3);
  const author = await signedInPage(browser, spammer);
  await author.page.goto('/');
  const notice = author.page.getByTestId('penalty-notice');
  await expect(notice).toContainText(`Your account is suspended until ${ENDS.format(new Date(ends_at))}.`);
  await expect(notice).toContainText('Reason: “Advertising a paid followers service”');
  await shoot(author.page, 'suspended-member');

  for (const c of [mod, author]) await c.context.close();
});

test('a moderator deletes a spammer from the queue in one confirmed step', async ({ browser, baseURL }) => {
  const url = baseURL!;
  const stamp = Date.now();
  const spammer = await freshMember(url, 'bulkspam');
  const first = await freshThread(url, spammer.id, `Free GUAP airdrop ${stamp}`);
  const second = await freshThread(url, spammer.id, `Airdrop again ${stamp}`);
  const postId = await flag(url, first.content, [await member(url, 'fe', 2)], 'spam');

  const mod = await signedInPage(browser, MODERATOR);
  await mod.page.goto('/review');
  const card = mod.page.getByTestId('review-item').filter({ hasText: first.title });
  await card.getByRole('button', { name: 'Delete spammer…' }).click();
  const dialog = mod.page.getByRole('dialog', { name: 'Delete spammer' });
  await expect(dialog).toContainText(`Ban @${spammer.username}`);
  await expect(dialog).toContainText('delete every post of theirs');
  await shoot(mod.page, 'review-delete-spammer');
  // Cancel changes nothing; the confirmed step does it all.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Delete spammer…' }).click();
  await dialog.getByRole('button', { name: 'Delete spammer' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);

  const service = await serviceClient(url);
  const posts = await service.from('posts').select('id').in('thread_id', [first.id, second.id]);
  expect(posts.data).toEqual([]);
  expect(await itemOf(url, postId)).toBeUndefined();
  const ban = await service.from('banned_users').select('reason, delete_posts').eq('user_id', spammer.id).single();
  expect(ban.data).toEqual({ reason: 'Spammer', delete_posts: true });
  const log = await service.from('moderation_log').select('action, reason').eq('target_user_id', spammer.id);
  expect(log.data).toContainEqual({ action: 'ban', reason: 'Spammer' });
  await mod.context.close();
});

test("a silenced member's view: the reason, the end date, and what they may still do", async ({ browser, baseURL }) => {
  const url = baseURL!;
  const silenced = await member(url, 'hushed', 1);
  const { anonKey } = await makeKeys(E2E_JWT_SECRET, url);
  const mod = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  expect((await mod.auth.signInWithPassword(MODERATOR)).error).toBeNull();
  const { data, error } = await mod.rpc('penalize_member', {
    member: silenced.id,
    kind: 'silence',
    days: 7,
    reason: 'Repeated off-topic posts in Support',
  });
  expect(error).toBeNull();
  const { ends_at } = data as { ends_at: string };
  const page = await signedInPage(browser, silenced);
  await page.page.goto('/');
  const notice = page.page.getByTestId('penalty-notice');
  await expect(notice).toContainText(`Your account is silenced until ${ENDS.format(new Date(ends_at))}.`);
  await expect(notice).toContainText('Reason: “Repeated off-topic posts in Support”');
  await expect(notice).toContainText('send private messages to staff');
  await shoot(page.page, 'silenced-member');
  await page.context.close();
});
