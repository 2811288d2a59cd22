// Screenshots of the review and watched-words screens for a person to open: each at 1280x800 and 390x844 under
// /work/wt/shots/review, with nothing wider than the screen, and the page back at the desktop size after.
import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from './screens.ts';

const SHOTS = '/work/wt/shots/review';

export async function shoot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png`, fullPage });
  }
  await page.setViewportSize(DESKTOP);
}

/** One part of the screen (a card, say) at both sizes. */
export async function shootPart(page: Page, part: Locator, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await part.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(DESKTOP);
}
