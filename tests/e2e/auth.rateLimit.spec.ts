// The sign-in form under hosted's rate limits: a stack of its own with the limits on (the suite's servers turn them off).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './support/test.ts';
import { HOSTED_AUTH_RATE_LIMITS } from '../../supabase/local/auth/rateLimits.ts';
import { openMigratedPglite } from '../support/migratedDatabase.ts';
import { startStack, type Stack } from '../../supabase/local/server.ts';
import { E2E_JWT_SECRET } from '../../playwright.config.ts';
import { AuthPage } from './pages/AuthPage.ts';
import { MEMBER } from './support/accounts.ts';

const LIMITED = 'Too many sign-in attempts. Please wait a few minutes and try again.';

let stack: Stack;
const cleanup: (() => Promise<unknown>)[] = [];

test.beforeAll(async () => {
  // Its own stack: under heavy load, starting one took 140 s.
  test.setTimeout(300_000);
  const storageDir = await mkdtemp(join(tmpdir(), 'guap-limits-storage-'));
  const db = await openMigratedPglite('seeded');
  stack = await startStack({ db, jwtSecret: E2E_JWT_SECRET, storageDir, staticDir: resolve('dist') });
  cleanup.push(
    () => stack.close(),
    () => db.close(),
    () => rm(storageDir, { recursive: true, force: true }),
  );
});

test.afterAll(async () => {
  for (const step of cleanup) await step();
});

// The limit counts one address and one email together (never the email alone): these tries and the browser's sign-in
// both come from 127.0.0.1, so the browser is the one that waits.
test('after too many tries at one email from this address, the form says to wait, even with the right password', async ({
  page,
}) => {
  for (let i = 0; i < HOSTED_AUTH_RATE_LIMITS.perAddressAndEmail; i += 1) {
    const res = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: MEMBER.email, password: `wrong-${i}-password` }),
    });
    expect(res.status).toBe(400);
  }
  await page.goto(`${stack.url}/auth`);
  const auth = new AuthPage(page);
  await auth.signIn(MEMBER.email, MEMBER.password);
  await expect(page.getByRole('form', { name: 'Sign in' }).getByText(LIMITED)).toBeVisible();
  await expect(page.getByText('Welcome back!')).toHaveCount(0);
});

test("after too many sign-ups from one address, the sign-up form says to wait, not the server's words", async ({
  page,
}) => {
  // The limiter counts per IP: the browser's sign-ups share the address of these requests (127.0.0.1).
  for (let i = 0; i < HOSTED_AUTH_RATE_LIMITS.perIp; i += 1) {
    const res = await fetch(`${stack.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `nobody-${i}@example.test` }),
    });
    await res.arrayBuffer();
  }
  await page.goto(`${stack.url}/auth`);
  await new AuthPage(page).signUp({
    username: 'latecomer',
    email: 'latecomer@example.test',
    password: 'correct-horse-7',
  });
  const form = page.getByRole('form', { name: 'Create account' });
  await expect(form.getByText('Too many sign-up attempts. Please wait a few minutes and try again.')).toBeVisible();
  await expect(form.getByText('Request rate limit reached')).toHaveCount(0);
});
