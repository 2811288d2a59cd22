// Installability: the manifest's fields, the icons' real sizes, Chromium's own verdict, and what a first visit
// downloads for offline use.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from './support/test.ts';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import { serviceWorkerActive } from './support/serviceWorker.ts';

test.use({ serviceWorkers: 'allow' });

/** Width and height from a PNG's IHDR chunk (bytes 16-23), or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
  form_factor?: string;
}

test('the web app manifest is served with every field the install needs', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'GuapCoin Forum',
    short_name: 'GuapCoin',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    display_override: ['window-controls-overlay', 'standalone'],
    theme_color: '#0d0f14',
    background_color: '#0d0f14',
    share_target: { action: '/create-thread', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
  });
  expect(manifest.description).toMatch(/GuapCoin/);
  expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
    ['New Thread', '/create-thread'],
    ['Messages', '/messages'],
    ['Wallet', '/wallet'],
  ]);
  const icons = manifest.icons as ManifestImage[];
  const kinds = icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort();
  expect(kinds).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
  const screenshots = manifest.screenshots as ManifestImage[];
  expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);

  for (const image of [...icons, ...screenshots]) {
    const file = await request.get(image.src);
    expect(file.status(), image.src).toBe(200);
    const [width, height] = image.sizes.split('x').map(Number);
    expect(pngSize(Buffer.from(await file.body())), image.src).toEqual({ width, height });
  }
});

test('Chromium reports the app installable, with no installability errors', async ({ baseURL }) => {
  // An ordinary context is incognito, which is never installable: a persistent profile is needed (TESTING.md).
  const profile = await mkdtemp(join(tmpdir(), 'guap-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('a first visit leaves the other screens to the service worker: the page fetches none of their files itself', async ({
  page,
}) => {
  const prefetched: string[] = [];
  page.on('request', (request) => {
    // A prefetch link's request is of type 'other', as the tab's icon is, which is not a screen's file.
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'other' && pathname.startsWith('/assets/')) prefetched.push(pathname);
  });
  await page.goto('/');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  // Its install fetches every file of the build, the screens' among them (a precache of over 200).
  await serviceWorkerActive(page);
  const listed = JSON.parse((await page.locator('#screens-ahead').textContent())!) as { scripts: string[] };
  expect(listed.scripts.length).toBeGreaterThan(20);
  expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
  expect(prefetched).toEqual([]);
});

test('a first visit downloads for offline use no file that only installing the app uses', async ({ page, context }) => {
  const fetchedByWorker: string[] = [];
  context.on('request', (request) => {
    if (request.serviceWorker()) fetchedByWorker.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByTestId('thread-row').first()).toBeVisible();
  // Its install has fetched the build: the app's files, and the icons of the tab and of notifications.
  await serviceWorkerActive(page);
  expect(fetchedByWorker).toEqual(expect.arrayContaining(['/icons/favicon-32.png', '/icons/icon-192.png']));
  // The install prompt's screenshots and the 512-pixel icons: the browser fetches them itself when it installs.
  expect(fetchedByWorker.filter((path) => path.startsWith('/screenshots/') || path.endsWith('-512.png'))).toEqual([]);
});
