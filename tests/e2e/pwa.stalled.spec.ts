// A phone whose connection stalls while it still says online: a thread already on the device opens from the mirror
// at once, and asks the server nothing before its posts show (on a mobile network that wait was 1-2 s per start).
import { expect, test } from './support/test.ts';
import { SEEDED, ThreadPage } from './pages/ThreadPage.ts';

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });

/** Every path of the backend: the API, the local stack's config, uploads. */
const SERVER = /\/(rest|auth|storage|functions|local)\//;

test('on a connection that answers nothing, a mirrored thread reloads and shows its posts', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const thread = new ThreadPage(page);
  await thread.open(SEEDED.short);
  await page.waitForLoadState('networkidle');

  // The requests hang, unanswered, as on a dead mobile link: routed here and never fulfilled.
  await context.route(SERVER, () => undefined);
  await page.reload();
  await expect(thread.title).toHaveText(/offline mode/i);
  await expect(thread.posts.first()).toBeVisible();
});
