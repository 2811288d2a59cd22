// Messages on a phone: the list alone, an opened message over it with a way back, and the 'New Message' dialog
// within the screen.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/test.ts';
import { MessagesPage } from './pages/MessagesPage.ts';
import { serviceClient } from './pages/ThreadPage.ts';
import { newMember } from './support/newMember.ts';

const SCREENS = '/tmp/guap-screens/h-messages';
const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';

test('an opened message covers the list, Back returns to it, and the dialog fits the screen', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = await newMember(page, request, 'phone');
  const service = await serviceClient(baseURL!);
  const { data } = await service.from('profiles').select('id').eq('username', account.username).single();
  const subject = `Welcome aboard ${Date.now()}`;
  await service.from('messages').insert({
    sender_id: ADMIN_ID,
    recipient_id: (data as { id: string }).id,
    subject,
    content: 'Say hello in the introductions thread when you have a minute.',
  });

  const messages = new MessagesPage(page);
  await messages.open();
  await messages.expectUnread(1);
  await expect(messages.detail).toBeHidden();
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, 'phone-list.png') });

  await messages.row(subject).click();
  await expect(messages.detail).toContainText('Say hello in the introductions thread');
  await expect(messages.inboxTab).toBeHidden();
  await messages.expectUnread(0);
  const pane = (await messages.detail.boundingBox())!;
  expect(pane.x + pane.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.screenshot({ path: join(SCREENS, 'phone-detail.png') });

  await page.getByRole('button', { name: 'Back to messages' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(messages.row(subject)).toBeVisible();
  await expect(messages.detail).toBeHidden();

  await page.getByRole('button', { name: 'New Message' }).click();
  const box = (await messages.dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expect(messages.dialog.getByRole('button', { name: 'Send' })).toBeInViewport();
  await page.screenshot({ path: join(SCREENS, 'phone-dialog.png') });
});
