// A thread created offline whose slug another thread took meanwhile: the server settles it on a suffixed slug, and
// /t/{the slug the member saw} still opens it on their device, online and offline, showing its settled address.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import { CreateThreadPage } from './pages/CreateThreadPage.ts';
import { serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { mirroredSlug } from './support/mirror.ts';
import { serviceWorkerActive } from './support/serviceWorker.ts';

test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });

const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';
const SCREENS = join(tmpdir(), 'guap-screens', 'h-slugs');

async function screens(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SCREENS, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a thread created offline whose slug was taken meanwhile opens at the slug shown, online and offline', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const compose = new CreateThreadPage(page);
  await compose.signInAndOpen();
  await compose.chooseCategory('Mining & Staking');
  // The thread view's code is fetched while online (Create Thread preloads it).
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);

  const stamp = Date.now();
  const title = `Moved slug ${stamp}`;
  const shown = `moved-slug-${stamp}`;
  await compose.title.fill(title);
  await compose.content.fill('Written offline; another thread takes this address before I am back.');
  await compose.submit.click();
  await expect(page).toHaveURL(new RegExp(`/t/${shown}$`));
  const thread = new ThreadPage(page);
  await expect(thread.title).toHaveText(title);

  // Another member's thread takes the slug on the server meanwhile.
  const admin = await serviceClient(baseURL!);
  const { data: category } = await admin.from('categories').select('id').eq('name', 'Mining & Staking').single();
  const theirs = { id: randomUUID(), slug: shown, title: `Not mine ${stamp}`, author_id: ADMIN_ID };
  expect((await admin.from('threads').insert({ ...theirs, category_id: category!.id })).error).toBeNull();

  await context.setOffline(false);
  await expect(thread.posts.first()).toHaveAttribute('data-status', 'sent');
  // Settled on a suffixed slug, the page moves to it and still shows the member's thread.
  await expect(page).toHaveURL(new RegExp(`/t/${shown}-[0-9a-z]+$`));
  const settled = new URL(page.url()).pathname.replace('/t/', '');
  const { data: mine } = await admin.from('threads').select('slug').eq('title', title);
  expect(mine).toEqual([{ slug: settled }]);
  await expect(thread.title).toHaveText(title);

  // The other thread, opened here by its id, reaches this device's mirror under the slug the member saw; its
  // address stays its id (its slug opens the member's own thread here).
  await page.goto(`/t/${theirs.id}`);
  await expect(thread.title).toHaveText(theirs.title);
  await expect(page).toHaveURL(new RegExp(`/t/${theirs.id}$`));
  // The screen may show the server's answer a moment before the device has stored it.
  await expect.poll(() => mirroredSlug(page, theirs.id)).toBe(shown);

  // A link or bookmark of the slug shown, online: the member's thread, at its settled address.
  await page.goto(`/t/${shown}`);
  await expect(page).toHaveURL(new RegExp(`/t/${settled}$`));
  await expect(thread.title).toHaveText(title);
  await screens(page, 'thread-at-moved-slug');
  // The lists link the other thread by its id here.
  await page.goto('/');
  const theirLink = page.getByTestId('thread-row').getByRole('link', { name: theirs.title, exact: true });
  await expect(theirLink).toHaveAttribute('href', `/t/${theirs.id}`);

  // And offline, from the mirror.
  await serviceWorkerActive(page);
  await context.setOffline(true);
  await page.goto(`/t/${shown}`);
  await expect(page).toHaveURL(new RegExp(`/t/${settled}$`));
  await expect(thread.title).toHaveText(title);
  await expect(thread.posts.first()).toContainText('another thread takes this address');
});
