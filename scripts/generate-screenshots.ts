// Renders the install dialog's screenshots (public/screenshots) from the built app over a fresh seeded local stack:
// `npx vite build && npx tsx scripts/generate-screenshots.ts`. The PNGs are committed; rerun after a visual change.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { openPglite } from '../supabase/local/pgliteThread.ts';
import { migrate } from '../supabase/local/migrate.ts';
import { randomJwtSecret } from '../supabase/local/secret.ts';
import { startStack } from '../supabase/local/server.ts';

export const SCREENSHOTS = [
  { file: 'wide.png', width: 1280, height: 800, form_factor: 'wide' as const },
  { file: 'narrow.png', width: 390, height: 844, form_factor: 'narrow' as const },
];

const storageDir = await mkdtemp(join(tmpdir(), 'guap-shots-'));
const db = await openPglite();
await migrate(db);
const stack = await startStack({ db, jwtSecret: randomJwtSecret(), storageDir, staticDir: resolve('dist') });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  for (const shot of SCREENSHOTS) {
    const page = await browser.newPage({
      viewport: { width: shot.width, height: shot.height },
      colorScheme: 'dark',
      serviceWorkers: 'block',
    });
    await page.goto(`${stack.url}/`);
    await page.getByTestId('thread-row').first().waitFor();
    await page.screenshot({ path: join('public', 'screenshots', shot.file) });
    await page.close();
    console.log(`public/screenshots/${shot.file} (${shot.width}x${shot.height})`);
  }
} finally {
  await browser.close();
  await stack.close();
  await db.close();
  await rm(storageDir, { recursive: true, force: true });
}
