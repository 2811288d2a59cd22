// Signs a page in without the form, for the specs that are not about signing in: the session comes from the token
// endpoint the form calls, and is stored where supabase-js keeps it before the app's first script runs, as a
// returning member's would be. The form takes ~3 s a time in a new context; this ~0.5 s. auth.spec.ts and the
// other specs about signing in keep the form.
import { expect, type Page } from '@playwright/test';
import { authStorageKey } from '../../../src/backend/auth.ts';
import { makeKeys } from '../../../supabase/local/jwt.ts';
import { E2E_JWT_SECRET } from '../../../playwright.config.ts';
import { Shell } from '../pages/Shell.ts';

/** Puts the account's session in the page's storage, once: a sign-out and reload in the test stay signed out. */
export async function storeSession(page: Page, account: { email: string; password: string }) {
  // The API keys do not depend on the server's address; the request goes to the page's baseURL.
  const { anonKey } = await makeKeys(E2E_JWT_SECRET, 'http://127.0.0.1');
  const answer = await page.request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: anonKey },
    data: { email: account.email, password: account.password },
  });
  expect(answer.status(), `sign-in of ${account.email}`).toBe(200);
  const session: unknown = await answer.json();
  await page.addInitScript(
    ({ key, value }) => {
      if (sessionStorage.getItem('e2e-session-stored')) return;
      localStorage.setItem(key, value);
      sessionStorage.setItem('e2e-session-stored', '1');
    },
    { key: authStorageKey(answer.url()), value: JSON.stringify(session) },
  );
}

/** Opens `to` signed in as the account, and waits for the signed-in shell. */
export async function signInQuickly(page: Page, account: { email: string; password: string }, to = '/') {
  await storeSession(page, account);
  await page.goto(to);
  await new Shell(page).expectSignedIn();
}
