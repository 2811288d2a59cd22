// What the tip specs share: a second member in a browser of their own, screenshots at both sizes, a toast, the
// profile's Tips Received count, and the server's record of a tip as its sender reads it.
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { newMember } from './newMember.ts';
import { DESKTOP, PHONE, screen } from './screens.ts';
import type { memberSession } from './walletApi.ts';

type Session = Awaited<ReturnType<typeof memberSession>>;

export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** Both sizes; `focus`, when given, is scrolled into view at each. */
export async function shoot(page: Page, name: string, focus?: Locator) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await focus?.scrollIntoViewIfNeeded();
    await screen(page, name);
  }
  await page.setViewportSize(DESKTOP);
}

/** A second member in their own browser context, signed in. */
export async function secondMember(browser: Browser, prefix: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const account = await newMember(page, page.request, prefix);
  return { context, page, account };
}

/** The Tips Received count in a profile's Activity card. */
export const tipsReceivedCount = (page: Page) =>
  page.getByRole('region', { name: 'Activity' }).getByText('Tips Received').locator('xpath=following-sibling::dd');

/** The sender's recorded tips of a transaction, as the server has them: how many, and their status. */
export async function recordedTips(request: APIRequestContext, session: Session, hash: string): Promise<string[]> {
  const answer = await request.get(`/rest/v1/tips?select=status&tx_hash=eq.${hash.toLowerCase()}`, {
    headers: session.headers,
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { status: string }[]).map((tip) => tip.status);
}
