// The screen an address opens starts loading with the page: its code is asked for while the entry script is still
// on its way, not after the entry has run and the router has asked for it. No service worker, as on a first visit.
import { expect, test, type Page, type Route } from './support/test.ts';
import { SEEDED } from './pages/ThreadPage.ts';

test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });

const SCREENS = [
  { path: '/', chunk: /\/assets\/HomePage-[^/]+\.js$/ },
  { path: '/category/guapcoin', chunk: /\/assets\/CategoryPage-[^/]+\.js$/ },
  { path: `/t/${SEEDED.mega}`, chunk: /\/assets\/ThreadPage-[^/]+\.js$/ },
];

/** The module script index.html starts the app with, read from a page served as built (one with no first page). */
async function entryScript(page: Page, baseURL: string): Promise<string> {
  const html = await (await page.request.get(`${baseURL}/settings`)).text();
  const src = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html names no module script');
  return new URL(src, baseURL).href;
}

for (const { path, chunk } of SCREENS) {
  test(`${path} asks for its screen's code, and no other screen's, before the entry script has arrived`, async ({
    page,
    baseURL,
  }) => {
    const entry = await entryScript(page, baseURL!);
    const held: Route[] = [];
    await page.route(entry, (route) => void held.push(route));
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    const screenCode = page.waitForRequest(chunk);
    await page.goto(path, { waitUntil: 'commit' });
    await screenCode;
    expect(held).toHaveLength(1);
    const others = SCREENS.filter((s) => s.chunk !== chunk).map((s) => s.chunk);
    expect(asked.filter((url) => others.some((other) => other.test(url)))).toEqual([]);
    await held[0]!.continue();
    await page.unroute(entry);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('a first visit reads its backend config from the HTML: no /local/v1/config request, and the forum loads', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  // The rows came from the server (a fresh browser's mirror is empty), with the key the HTML gave.
  await expect.poll(() => asked.filter((path) => path.startsWith('/rest/v1/')).length).toBeGreaterThan(0);
  expect(asked).not.toContain('/local/v1/config');
});

test('once the app is idle, the other screens have their code: Groups opens offline, with no service worker', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  // The build lists the screens' files and the app asks for them, one at a time, whenever the page is idle.
  const listed = await page.locator('#screens-ahead').textContent();
  const { scripts } = JSON.parse(listed!) as { scripts: string[] };
  const groupsCode = scripts.find((href) => /\/GroupsPage-[^/]+\.js$/.test(href));
  expect(groupsCode).toBeDefined();
  await expect(page.locator(`link[rel="prefetch"][href="${groupsCode}"]`)).toHaveCount(1, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // Fetched, not compiled: the page's module map has no Groups code until the screen opens.
  const fetched = () =>
    page.evaluate((href) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(href)), groupsCode!);
  await expect.poll(fetched).toBe(true);
  await context.setOffline(true);
  await page.getByRole('navigation').getByRole('link', { name: 'Groups' }).first().click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
});

test("the start's styles come inline: the app starts without fetching their files, and adds them no second time", async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.css')) stylesheets.push(path);
  });
  await page.goto('/threads');
  // The list is the app's own render: index.html holds only the shell's placeholders there.
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  const inline = await page
    .locator('link[rel="stylesheet"][disabled]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(inline.length).toBeGreaterThan(0);
  expect(stylesheets.filter((path) => inline.includes(path))).toEqual([]);
  for (const path of inline) await expect(page.locator(`link[href="${path}"]:not([disabled])`)).toHaveCount(0);
});
