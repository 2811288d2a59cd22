// Messages between two new members: A writes to B offline (queued, sent once on reconnect); B's header badge goes
// from 0 to 1 and back when B opens it; A's Sent tab shows the read tick; replies keep one 'Re: '; B searches
// offline; a deletion removes the message for both. Then the dialog's 'Please fill in all fields', ?to=, and a member
// whose privacy setting forbids messages: not choosable, and refused by the database when queued offline.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from './support/test.ts';
import { MessagesPage } from './pages/MessagesPage.ts';
import { serviceClient } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { outboxSize } from './support/mirror.ts';
import { newMember } from './support/newMember.ts';
import { DESKTOP, PHONE } from './support/screens.ts';
import { storeSession } from './support/signIn.ts';

test.use({ viewport: DESKTOP });

const SCREENS = '/tmp/guap-screens/h-messages';
const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SCREENS, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

async function memberOnItsOwnDevice(browser: Browser, request: Parameters<typeof newMember>[1], prefix: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const account = await newMember(page, request, prefix);
  return { context, page, account, messages: new MessagesPage(page) };
}

async function idOf(baseURL: string, username: string): Promise<string> {
  const service = await serviceClient(baseURL);
  const { data } = await service.from('profiles').select('id').eq('username', username).single();
  return (data as { id: string }).id;
}

test('a message written offline is sent once on reconnect, read, answered and deleted for both', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const service = await serviceClient(baseURL!);
  const b = await memberOnItsOwnDevice(browser, request, 'bee');
  const a = await memberOnItsOwnDevice(browser, request, 'ay');
  const subject = `Node setup ${Date.now()}`;
  const onServer = async () =>
    (await service.from('messages').select('id, subject, is_read, sender_id').like('subject', `%${subject}`)).data ??
    [];

  await b.messages.open();
  await b.messages.expectUnread(0);
  await expect(b.messages.detail).toContainText('Select a message to read');

  // A opens /messages online (B's profile comes with the pull), then loses the connection and writes.
  await a.messages.open();
  await a.page.waitForLoadState('networkidle');
  await a.context.setOffline(true);
  await a.messages.compose({ to: b.account.username, subject, content: 'How many cores does a GUAPX node need?' });
  await expect(a.messages.toast('Saved, will send when online')).toBeVisible();
  await expect(a.messages.dialog).toBeHidden();
  await a.messages.sentTab.click();
  await expect(a.messages.row(subject)).toContainText('Waiting to send');
  await expect(a.messages.waitingNotice).toHaveText('1 message waiting to send');
  expect(await onServer()).toEqual([]);

  await a.context.setOffline(false);
  await expect(a.messages.row(subject).getByLabel('Delivered')).toBeVisible();
  await expect(a.messages.toast('Message sent successfully')).toBeVisible();
  await expect(a.messages.waitingNotice).toHaveCount(0);
  await expect.poll(async () => (await onServer()).length).toBe(1);
  const [sent] = await onServer();

  // B's badge counts it once B's device has pulled; opening it clears the badge.
  await b.messages.pullNow();
  await b.messages.expectUnread(1);
  await expect(b.messages.inboxTab).toContainText('1');
  await expect(b.messages.row(subject)).toHaveAttribute('data-unread', 'true');
  await shoot(b.page, 'inbox-unread');
  await b.messages.row(subject).click();
  await expect(b.messages.detail).toContainText('How many cores does a GUAPX node need?');
  await b.messages.expectUnread(0);
  await expect.poll(async () => (await onServer())[0]?.is_read).toBe(true);
  await shoot(b.page, 'detail-inbox');

  // A sees the read tick after pulling.
  await a.messages.pullNow();
  await expect(a.messages.row(subject).getByLabel('Read')).toBeVisible();
  await shoot(a.page, 'sent-read');

  // B answers; A answers the answer: one 'Re: ' each time, and A's pane shows the conversation so far.
  await b.messages.detail.getByRole('button', { name: 'Reply' }).click();
  await b.messages.detail.getByLabel(/^Reply to/).fill('Two cores are plenty.');
  await b.messages.detail.getByRole('button', { name: 'Send Reply' }).click();
  await expect(b.messages.toast('Message sent successfully')).toBeVisible();
  await a.messages.pullNow();
  await a.messages.inboxTab.click();
  await a.messages.row(`Re: ${subject}`).click();
  await expect(a.messages.detail.getByRole('article')).toHaveCount(2);
  await expect(a.messages.detail.getByRole('article').first()).toContainText('How many cores');
  await a.messages.detail.getByRole('button', { name: 'Reply' }).click();
  await a.messages.detail.getByLabel(/^Reply to/).fill('Thanks!');
  await a.messages.detail.getByRole('button', { name: 'Send Reply' }).click();
  await expect(a.messages.toast('Message sent successfully')).toBeVisible();
  await expect
    .poll(async () => (await onServer()).map((m) => m.subject).sort())
    .toEqual([subject, `Re: ${subject}`, `Re: ${subject}`]);

  // ?message= opens a message in the box that holds it.
  await a.messages.open(`?message=${sent!.id}`);
  await expect(a.messages.sentTab).toHaveAttribute('aria-selected', 'true');
  await expect(a.messages.detail).toContainText('How many cores');

  // B searches with no connection: subject, content and name, all from the device.
  await b.messages.pullNow();
  await expect(b.messages.rows).toHaveCount(2);
  await b.context.setOffline(true);
  await b.messages.search.fill('thanks');
  await expect(b.messages.rows).toHaveCount(1);
  await b.messages.search.fill(a.account.username);
  await expect(b.messages.rows).toHaveCount(2);
  await b.messages.search.fill('no such words here');
  await expect(b.page.getByText('No messages found matching your search.')).toBeVisible();
  await b.messages.search.fill('');

  // Still offline, B reads A's answer: the badge clears at once and the receipt waits to be sent.
  await b.messages.expectUnread(1);
  await b.messages.row('Thanks!').click();
  await b.messages.expectUnread(0);
  await expect(b.messages.waitingNotice).toHaveText('1 read receipt waiting to send');
  await expect(b.messages.row('Thanks!')).toContainText('Waiting to send');
  await b.context.setOffline(false);
  await expect(b.messages.waitingNotice).toHaveCount(0);
  await expect.poll(async () => (await onServer()).filter((m) => !m.is_read).length).toBe(0);

  // A deletes the first message offline: gone for A at once, then from the server on reconnect, then for B.
  await a.context.setOffline(true);
  await a.messages.detail.getByRole('button', { name: 'Delete' }).click();
  const confirm = a.page.getByRole('dialog', { name: 'Delete message' });
  await expect(confirm).toContainText('Are you sure you want to delete this message?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(a.messages.detail).toContainText('Select a message to read');
  await expect(a.messages.rows.filter({ hasText: 'How many cores' })).toHaveCount(0);
  await expect(a.messages.waitingNotice).toHaveText('1 deletion waiting to send');
  expect((await onServer()).map((m) => m.id)).toContain(sent!.id);
  await a.context.setOffline(false);
  await expect(a.messages.toast('Message deleted')).toBeVisible();
  await expect.poll(async () => (await onServer()).map((m) => m.id)).not.toContain(sent!.id);
  await b.messages.pullNow();
  await expect(b.messages.rows.filter({ hasText: 'How many cores' })).toHaveCount(0);
  await expect(b.messages.rows).toHaveCount(1);
  expect(await outboxSize(a.page)).toBe(0);

  // On a phone the opened message covers the list, with a way back.
  await b.page.setViewportSize(PHONE);
  await expect(b.messages.detail).toContainText('Thanks!');
  await expect(b.messages.inboxTab).toBeHidden();
  await b.page.getByRole('button', { name: 'Back to messages' }).click();
  await expect(b.messages.inboxTab).toBeVisible();
  await expect(b.messages.detail).toBeHidden();
  await b.messages.row('Thanks!').click();
  await expect(b.messages.detail).toContainText('Thanks!');
  await expect(b.messages.inboxTab).toBeHidden();

  await a.context.close();
  await b.context.close();
});

test('the dialog asks for every field, and ?to= fills in the recipient, leaving oneself out', async ({ page }) => {
  const messages = new MessagesPage(page);
  await storeSession(page, MEMBER);
  await page.goto(`/messages?to=${ADMIN_ID}`);
  await expect(messages.dialog).toBeVisible();
  const to = messages.dialog.getByRole('button', { name: 'To' });
  await expect(to).toContainText('@guapadmin');
  await messages.dialog.getByRole('button', { name: 'Send' }).click();
  const fillInAll = messages.dialog.getByRole('alert').filter({ hasText: 'Please fill in all fields' });
  await expect(fillInAll).toBeVisible();
  await shoot(page, 'dialog');
  // The message goes as soon as the fields are filled, before another Send, and comes back when one is emptied.
  await messages.dialog.getByLabel('Subject').fill('Hello');
  await expect(fillInAll).toBeVisible();
  await messages.dialog.getByLabel('Message', { exact: true }).fill('Are you there?');
  await expect(fillInAll).toHaveCount(0);
  await messages.dialog.getByLabel('Subject').fill(' ');
  await expect(fillInAll).toBeVisible();

  // A message over the database's cap is stopped in the form with the cap in words, never sent to be refused.
  await messages.dialog.getByLabel('Subject').fill('Too long');
  await messages.dialog.getByLabel('Message', { exact: true }).fill('x'.repeat(100_001));
  await expect(
    messages.dialog.getByRole('alert').filter({ hasText: 'Message is too long (max 100,000 characters)' }),
  ).toBeVisible();
  await expect(messages.dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await shoot(page, 'dialog-too-long');
  await messages.dialog.getByLabel('Message', { exact: true }).fill('');
  await messages.dialog.getByLabel('Subject').fill('');

  // The member select is ordered by username and does not offer the member themself.
  await to.click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const names = await options.evaluateAll((els) => els.map((el) => /@(\S+)/.exec(el.textContent ?? '')?.[1] ?? ''));
  expect(names).not.toContain('guapmember');
  expect(names).toEqual([...names].sort());
  await page.keyboard.press('Escape');

  // Closing the dialog drops ?to=, so a reload does not open it again.
  await messages.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await shoot(page, 'inbox');
});

test('a member who forbids messages cannot be chosen, and the database refuses a message to them anyway', async ({
  browser,
  request,
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const closed = await memberOnItsOwnDevice(browser, request, 'quiet');
  const closedId = await idOf(baseURL!, closed.account.username);
  await closed.context.close();
  const service = await serviceClient(baseURL!);
  const forbidMessages = () =>
    service
      .from('profiles')
      .update({ privacy_settings: { showOnline: true, allowMessages: false, showActivity: true } })
      .eq('id', closedId);

  // The member still accepts messages when the dialog opens, and forbids them before Send: the database refuses,
  // and the dialog says why with the fields kept.
  const messages = new MessagesPage(page);
  const asked = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/accepts_messages'));
  await storeSession(page, MEMBER);
  await page.goto(`/messages?to=${closedId}`);
  await expect(messages.dialog.getByRole('button', { name: 'To' })).toContainText(closed.account.username);
  expect(await (await asked).json()).toBe(true);
  const raced = `Too late ${Date.now()}`;
  await messages.dialog.getByLabel('Subject', { exact: true }).fill(raced);
  await messages.dialog.getByLabel('Message', { exact: true }).fill('Did you change your settings?');
  await forbidMessages();
  await messages.dialog.getByRole('button', { name: 'Send' }).click();
  await expect(messages.dialog.getByRole('alert')).toContainText('This member does not accept private messages');
  await expect(messages.toast('Failed to send message')).toBeVisible();
  await expect(messages.dialog.getByLabel('Subject', { exact: true })).toHaveValue(raced);
  expect((await service.from('messages').select('id').eq('subject', raced)).data).toEqual([]);
  await messages.dialog.getByRole('button', { name: 'Cancel' }).click();
  await messages.sentTab.click();
  await expect(messages.row(raced)).toHaveCount(0);

  // Asked again, the member cannot be chosen.
  await page.goto(`/messages?to=${closedId}`);
  await expect(messages.dialog.getByRole('alert')).toContainText('does not accept private messages');
  await expect(messages.dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await messages.dialog.getByRole('button', { name: 'To' }).click();
  await page.getByRole('combobox', { name: 'Search members' }).fill(closed.account.username);
  await expect(page.getByRole('option', { name: new RegExp(closed.account.username) })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.keyboard.press('Escape');
  await messages.dialog.getByRole('button', { name: 'Cancel' }).click();

  // Offline the device cannot ask, so the message is queued; the database refuses it on reconnect, and says why.
  const subject = `Hello quiet ${Date.now()}`;
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await messages.compose({ to: closed.account.username, subject, content: 'Are you there?' });
  await expect(messages.toast('Saved, will send when online')).toBeVisible();
  await context.setOffline(false);
  const refused = page.getByRole('group', { name: 'Message not sent' });
  await expect(refused).toContainText('This member does not accept private messages');
  await expect(refused).toContainText(subject);
  await messages.sentTab.click();
  await expect(messages.row(subject)).toContainText('Not sent');
  await expect(messages.toast('Failed to send message')).toBeVisible();
  const { data } = await service.from('messages').select('id').eq('subject', subject);
  expect(data).toEqual([]);
  await refused.getByRole('button', { name: 'Discard' }).click();
  await expect(messages.row(subject)).toHaveCount(0);
});
