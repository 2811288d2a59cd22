// Signs a page in without the form, for the specs that are not about signing in: the session comes from the token
// endpoint the form calls, and is stored where supabase-js keeps it before the app's first script runs, as a
// returning member's would be. auth.spec.ts and the other specs about signing in keep the form.
import { randomUUID } from 'node:crypto';
import { expect, request, test, type Page } from '@playwright/test';
import { authStorageKey } from '../../../src/backend/auth.ts';
import { makeKeys } from '../../../supabase/local/jwt.ts';
import { E2E_JWT_SECRET, workerBaseURL } from '../../../playwright.config.ts';
import { Shell } from '../pages/Shell.ts';

/** The session the token endpoint answers for the account's email and password. */
async function passwordSession(baseURL: string, account: { email: string; password: string }): Promise<unknown> {
  const { anonKey } = await makeKeys(E2E_JWT_SECRET, baseURL);
  // A request context of its own, closed after: a connection left idle in the page's would be reused later in the
  // test, and the server closes idle connections after 5 s (a reuse at that moment is reset).
  const api = await request.newContext({ baseURL });
  try {
    const answer = await api.post('/auth/v1/token?grant_type=password', {
      headers: { apikey: anonKey },
      data: { email: account.email, password: account.password },
    });
    expect(answer.status(), `sign-in of ${account.email}`).toBe(200);
    return await answer.json();
  } finally {
    await api.dispose();
  }
}

/** Puts the account's session in the page's storage at its next navigation, once: a sign-out stays signed out. */
export async function storeSession(page: Page, account: { email: string; password: string }) {
  const baseURL = workerBaseURL(test.info().project.use.baseURL, test.info().parallelIndex);
  const session = await passwordSession(baseURL, account);
  await page.addInitScript(
    ({ key, value, done }) => {
      if (sessionStorage.getItem(done)) return;
      localStorage.setItem(key, value);
      sessionStorage.setItem(done, '1');
    },
    { key: authStorageKey(baseURL), value: JSON.stringify(session), done: `e2e-session-stored-${randomUUID()}` },
  );
}

/** Opens `to` signed in as the account, and waits for the signed-in shell. */
export async function signInQuickly(page: Page, account: { email: string; password: string }, to = '/') {
  await storeSession(page, account);
  await page.goto(to);
  await new Shell(page).expectSignedIn();
}
