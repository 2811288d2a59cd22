// Two tabs of one member: a reply written in one is sent once, whichever tab sends it; and with the tab that wrote it
// closed while offline, the other tab sends it on reconnect, still exactly once (the server's row count).
import { expect, test, type Page } from './support/test.ts';
import { SEEDED, serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { outboxSize } from './support/mirror.ts';
import { Shell } from './pages/Shell.ts';
import { storeSession } from './support/signIn.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** Both tabs of the context, signed in, on the same thread. */
async function twoTabs(page: Page) {
  await storeSession(page, MEMBER);
  const first = new ThreadPage(page);
  await first.open(SEEDED.short);
  await new Shell(page).expectSignedIn();
  // The second tab shares the first's session (localStorage) and mirror (IndexedDB), as a browser's tabs do.
  const second = new ThreadPage(await page.context().newPage());
  await second.open(SEEDED.short);
  await new Shell(second.page).expectSignedIn();
  return { first, second };
}

test('a reply written in one of two open tabs is sent once', async ({ page, baseURL }) => {
  const { first, second } = await twoTabs(page);
  const text = `Written beside another tab ${Date.now()}`;
  await first.reply(text);
  await expect(first.post(text)).toHaveAttribute('data-status', 'sent');
  // The thread the suite replies to has grown past its first page by now: the other tab renders the end when read.
  await second.scrollToEndFor(second.post(text));
  await expect(second.post(text)).toBeVisible();

  const service = await serviceClient(baseURL!);
  const onServer = async () => (await service.from('posts').select('id').eq('content', text)).data?.length;
  await expect.poll(() => outboxSize(second.page)).toBe(0);
  expect(await onServer()).toBe(1);
});

test('with the writing tab closed while offline, the other tab sends its reply on reconnect, exactly once', async ({
  page,
  context,
  baseURL,
}) => {
  const { first, second } = await twoTabs(page);
  await context.setOffline(true);
  const text = `Left behind by a closed tab ${Date.now()}`;
  await first.reply(text);
  await expect(first.post(text)).toHaveAttribute('data-status', 'sending');
  await expect.poll(() => outboxSize(second.page)).toBe(1);
  await first.page.close();

  const service = await serviceClient(baseURL!);
  const onServer = async () => (await service.from('posts').select('id').eq('content', text)).data?.length;
  expect(await onServer()).toBe(0);
  await context.setOffline(false);
  await expect.poll(() => outboxSize(second.page), { timeout: 30_000 }).toBe(0);
  await second.scrollToEndFor(second.post(text));
  await expect(second.post(text)).toBeVisible();
  await expect(second.post(text)).toHaveAttribute('data-status', 'sent');
  expect(await onServer()).toBe(1);
});
