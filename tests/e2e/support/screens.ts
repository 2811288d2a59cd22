// Screenshots of the screens the newcomer specs check, one per viewport size, kept outside test-results (which each
// run empties) for a person to look at.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

const DIR = join(tmpdir(), 'guap-screens');

export async function screen(page: Page, name: string) {
  const size = page.viewportSize();
  mkdirSync(DIR, { recursive: true });
  await page.screenshot({ path: join(DIR, `${name}-${size?.width}x${size?.height}.png`) });
}
