// The installed app with no connection: the service worker serves the shell and every route chunk, the mirror the
// data, and its image cache the uploads already seen.
import { expect, test, type Page } from './support/test.ts';
import { Shell } from './pages/Shell.ts';
import { MEMBER_ID, SEEDED, serviceClient, seededThreadId, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { signInQuickly } from './support/signIn.ts';

test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });

/** A 2x2 PNG, made here: tests load nothing from outside. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4upmRl1+EgZdf5OtmRgAbxgOzejZPXQAAAABJRU5ErkJggg==',
  'base64',
);

async function takenByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('offline, the app reloads from the service worker: home, a category, a mirrored thread, an image, /members', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const service = await serviceClient(baseURL!);
  const imagePath = `${MEMBER_ID}/pwa-offline-${Date.now()}.png`;
  const upload = await service.storage.from('media').upload(imagePath, PNG, { contentType: 'image/png' });
  expect(upload.error).toBeNull();
  const imageUrl = service.storage.from('media').getPublicUrl(imagePath).data.publicUrl;
  const caption = `Chart for the offline test ${Date.now()}`;
  const { error } = await service.from('posts').insert({
    thread_id: seededThreadId(SEEDED.short),
    author_id: MEMBER_ID,
    content: `${caption}\n\n![chart](${imageUrl})`,
    type: 'reply',
  });
  expect(error).toBeNull();

  const failed: string[] = [];
  // A request that the next navigation cancels (net::ERR_ABORTED, common on a busy machine) was not refused: only one
  // that nothing served counts.
  page.on('requestfailed', (r) => {
    const reason = r.failure()?.errorText ?? '';
    if (!/\/(rest|auth|storage)\/v1\//.test(r.url()) && reason !== 'net::ERR_ABORTED')
      failed.push(`${r.url()} (${reason})`);
  });
  await page.goto('/');
  await takenByServiceWorker(page);
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.short);
  // The image loads lazily, as the reader scrolls to its post: how far down the post sits depends on the replies
  // other specs added to this thread before.
  const post = page.getByRole('article').filter({ hasText: caption });
  await post.scrollIntoViewIfNeeded();
  const image = page.locator(`img[src="${imageUrl}"]`).first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

  await context.setOffline(true);
  // On a busy machine Chromium may still report navigator.onLine true as an offline page starts: the app must not
  // depend on it, so the test makes it lie every time.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true }));
  await page.reload();
  await expect(thread.title).toHaveText(/offline mode/i);
  await expect(page.getByText(caption)).toBeVisible();
  await post.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);

  await page.goto('/');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  await page.goto('/category/guapcoin');
  await expect(page.getByRole('heading', { name: 'Guapcoin Discussions' })).toBeVisible();
  await page.goto('/members');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/unexpected application error/i)).toHaveCount(0);
  expect(failed).toEqual([]);
});

test('after an offline reload, the header still names the member by their display name', async ({ page, context }) => {
  await signInQuickly(page, MEMBER);
  const shell = new Shell(page);
  await expect(shell.userMenuButton).toContainText('Guap Member');
  await takenByServiceWorker(page);
  // The first pull has stored what this device shows offline.
  await expect(page.getByTestId('thread-row').first()).toBeVisible();

  await context.setOffline(true);
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true }));
  // Every name the header shows from the first paint on: the email's "member" must never be one of them.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { headerNames: string[] }).headerNames = seen;
    new MutationObserver(() => {
      const label = document.querySelector('[aria-label^="Account menu for"]')?.getAttribute('aria-label');
      if (label && seen.at(-1) !== label) seen.push(label);
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.reload();
  await expect(shell.userMenuButton).toContainText('Guap Member');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  const names = await page.evaluate(() => (window as unknown as { headerNames: string[] }).headerNames);
  expect(names).toEqual(['Account menu for Guap Member']);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `/tmp/guap-screens/h-offline/header-${viewport.width}x${viewport.height}.png` });
  }
});
