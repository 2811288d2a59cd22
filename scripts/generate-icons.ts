// Renders the app icons from the one source image, public/icon.svg, with Debian's Chromium:
// `npx tsx scripts/generate-icons.ts`. The PNGs are committed; run this again after changing the source.
import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';

/** The app's dark background: maskable icons fill it edge to edge, the launcher crops to its own shape. */
const BACKGROUND = '#0d0f14';

const ICONS = [
  // The tab's icon: a PNG, decoded off the page's thread (an SVG favicon is a document the page's thread lays out).
  { file: 'favicon-32.png', size: 32, maskable: false },
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-192.png', size: 192, maskable: true },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const svg = await readFile(new URL('../public/icon.svg', import.meta.url));
const src = `data:image/svg+xml;base64,${svg.toString('base64')}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    // Maskable icons keep the coin inside the 80% safe zone that every launcher mask leaves visible.
    const coin = icon.maskable ? Math.round(icon.size * 0.72) : icon.size;
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;height:100vh;background:${icon.maskable ? BACKGROUND : 'transparent'}">
        <img src="${src}" width="${coin}" height="${coin}"></body>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const png = await page.screenshot({ omitBackground: !icon.maskable });
    await writeFile(new URL(`../public/icons/${icon.file}`, import.meta.url), png);
    await page.close();
    console.log(`public/icons/${icon.file} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}
