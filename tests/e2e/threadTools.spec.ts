// A moderator's thread tools, seen from another device: pin and lock reach a member as badges and a closed reply
// form; a move puts the thread in its new category there.
import { expect, test } from './support/test.ts';
import { CategoryPage } from './pages/CategoryPage.ts';
import { MEMBER_ID, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { DESKTOP } from './support/screens.ts';
import { MODERATOR } from './support/accounts.ts';
import { expectServerThread, freshThread, screens, signedInPage } from './threadToolsSupport.ts';

test.use({ viewport: DESKTOP });

test('a moderator pins and locks a thread: a member sees the badges and no reply form', async ({
  browser,
  baseURL,
}) => {
  const made = await freshThread(baseURL!, MEMBER_ID, `Tools pin and lock ${Date.now()}`);
  const mod = await signedInPage(browser, MODERATOR);
  const modThread = new ThreadPage(mod.page);
  await modThread.open(made.slug);
  const tools = mod.page.getByRole('toolbar', { name: 'Thread tools' });
  await tools.getByRole('button', { name: 'Pin', exact: true }).click();
  await tools.getByRole('button', { name: 'Lock', exact: true }).click();
  const badges = mod.page.locator('main header').first();
  await expect(badges.getByText('Pinned', { exact: true })).toBeVisible();
  await expect(badges.getByText('Locked', { exact: true })).toBeVisible();
  await expect(tools.getByRole('button', { name: 'Unpin' })).toBeVisible();
  await expect(tools.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expectServerThread(baseURL!, made.id, { is_pinned: true, is_locked: true });
  await screens(mod.page, 'thread-tools');

  const member = await signedInPage(browser, MEMBER);
  const memberThread = new ThreadPage(member.page);
  await memberThread.open(made.slug);
  const header = member.page.locator('main header').first();
  await expect(header.getByText('Pinned', { exact: true })).toBeVisible();
  await expect(header.getByText('Locked', { exact: true })).toBeVisible();
  await expect(memberThread.lockedNotice).toBeVisible();
  await expect(memberThread.replyBox).toHaveCount(0);
  // Members never see the tools.
  await expect(member.page.getByRole('toolbar', { name: 'Thread tools' })).toHaveCount(0);

  // Put back, so the thread does not sit on top of other specs' lists.
  await tools.getByRole('button', { name: 'Unpin' }).click();
  await tools.getByRole('button', { name: 'Unlock' }).click();
  await expect(badges.getByText('Pinned', { exact: true })).toHaveCount(0);
  await expectServerThread(baseURL!, made.id, { is_pinned: false, is_locked: false });
  await member.page.reload();
  await expect(memberThread.replyBox).toBeVisible();
  await mod.context.close();
  await member.context.close();
});

test('a moderator moves a thread, and it shows in the new category on another device', async ({ browser, baseURL }) => {
  const made = await freshThread(baseURL!, MEMBER_ID, `Tools move ${Date.now()}`);
  // The member's device has the thread in its first category before the move.
  const member = await signedInPage(browser, MEMBER);
  await new ThreadPage(member.page).open(made.slug);
  await expect(
    member.page.locator('main header').first().getByRole('link', { name: 'GuapCoin General' }),
  ).toBeVisible();

  const mod = await signedInPage(browser, MODERATOR);
  await new ThreadPage(mod.page).open(made.slug);
  await mod.page.getByRole('toolbar', { name: 'Thread tools' }).getByRole('button', { name: 'Move' }).click();
  const dialog = mod.page.getByRole('dialog', { name: 'Move thread' });
  await dialog.getByLabel('Category').selectOption({ label: 'Technical Support' });
  await screens(mod.page, 'thread-move-dialog');
  await dialog.getByRole('button', { name: 'Move Thread' }).click();
  await expect(dialog).toHaveCount(0);
  const chip = mod.page.locator('main header').first().getByRole('link', { name: 'Technical Support' });
  await expect(chip).toBeVisible();
  await expectServerThread(baseURL!, made.id, { categories: { slug: 'technical-support' } });

  const category = new CategoryPage(member.page);
  await category.open('support', '?cat=technical-support');
  await expect(category.rows.filter({ hasText: made.title })).toHaveCount(1);
  await category.open('guapcoin', '?cat=guapcoin-general');
  await expect(category.heading).toBeVisible();
  await expect(category.rows.filter({ hasText: made.title })).toHaveCount(0);
  await mod.context.close();
  await member.context.close();
});
