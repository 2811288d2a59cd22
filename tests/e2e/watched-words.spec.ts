// The watched-words lists an admin keeps in /moderation (Watched words tab) against the real local stack: a list per
// action with the starter words, a word added and then refused to a member's post, clear errors for a duplicate, a
// word with too few letters and an empty field, and Remove. Shot at 1280x800 and 390x844.
import { ADMIN } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { shoot } from './support/reviewShots.ts';
import { DESKTOP } from './support/screens.ts';
import { expect, test } from './support/test.ts';
import { serviceClient } from './pages/ThreadPage.ts';
import { freshMember, freshThread, giveTrustLevel, signedInPage } from './threadToolsSupport.ts';

test.use({ viewport: DESKTOP });

test('an admin keeps the watched words, a list per action', async ({ browser, baseURL }) => {
  const url = baseURL!;
  const word = `pump group ${Date.now().toString(36)}`;
  const admin = await signedInPage(browser, ADMIN);
  const page = admin.page;
  await page.goto('/moderation');
  await page.getByRole('tab', { name: 'Watched words' }).click();

  const list = (action: string) => page.getByTestId(`watch-list-${action}`);
  await expect(list('block').getByRole('heading', { name: /^Block/ })).toBeVisible();
  await expect(list('block')).toContainText('send me your seed phrase');
  await expect(list('require_approval')).toContainText('dm me for support');
  await expect(list('flag')).toContainText('seed phrase');
  await expect(list('censor').getByRole('heading', { name: /^Censor/ })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add a watched word' });
  const field = form.getByLabel('Word or phrase');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByText('Please enter a word or phrase')).toBeVisible();

  await field.fill(word);
  await form.getByLabel('List').selectOption('block');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(list('block').getByText(word, { exact: true })).toBeVisible();
  await expect(field).toHaveValue('');

  // A member's post with it, spelled with spaces and capitals, is refused with the word named.
  const member = await freshMember(url, 'watched');
  await giveTrustLevel(url, member.id, 1);
  const thread = await freshThread(url, member.id, `Watched words ${Date.now()}`);
  const refused = await member.client
    .from('posts')
    .insert({ thread_id: thread.id, author_id: member.id, content: `Join my ${word.toUpperCase()}`, type: 'reply' });
  expect(refused.status).toBe(400);
  expect(refused.error?.message).toContain(`contains "${word}"`);

  await field.fill(word.toUpperCase());
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByText(`“${word.toUpperCase()}” is already on the Block list.`)).toBeVisible();
  await field.fill('--');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(
    form.getByText(/“--” cannot be watched: a word needs 2 to 100 characters, 2 of them letters/),
  ).toBeVisible();
  await shoot(page, 'watched-words', true);
  await field.fill('');
  await expect(form.getByText(/cannot be watched/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the watched words');

  await list('block')
    .getByRole('button', { name: `Remove “${word}” from Block` })
    .click();
  await expect(list('block').getByText(word, { exact: true })).toHaveCount(0);
  const service = await serviceClient(url);
  const left = await service.from('watched_words').select('id').eq('word', word);
  expect(left.data).toEqual([]);
  await admin.context.close();
});
