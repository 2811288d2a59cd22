// Hosted Supabase's limits on sign-ins and sign-ups: 30 per 5 minutes per IP, stricter per IP and email together (never
// per email alone, or anyone could lock a chosen member out), answered with a 429.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HOSTED_AUTH_RATE_LIMITS } from '../../supabase/local/auth/rateLimits.ts';
import { clientAddress } from '../../supabase/local/clientAddress.ts';
import { freshEmail } from './auth-helpers.ts';
import { DEMO, startTestStack, type TestStack } from './stack.ts';

const sessionCount = async (stack: TestStack) =>
  (await stack.db.query<{ n: number }>('select count(*)::int as n from auth.sessions')).rows[0]?.n;

const signInRaw = (stack: TestStack, email: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });

describe('per IP', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ authRateLimits: HOSTED_AUTH_RATE_LIMITS });
  });
  afterAll(() => stack.close());

  test('30 sign-ins and sign-ups pass; the 31st sign-in gets 429 over_request_rate_limit and no session', async () => {
    for (let i = 0; i < 25; i += 1) {
      const res = await signInRaw(stack, freshEmail(`guess${i}`), 'wrong-password-1');
      expect(res.status).toBe(400);
    }
    for (let i = 0; i < 5; i += 1) {
      const { error } = await stack.anon().auth.signUp({ email: freshEmail(`join${i}`), password: 'correct-horse-7' });
      expect(error).toBeNull();
    }
    const before = await sessionCount(stack);
    const limited = await signInRaw(stack, DEMO.member.email, DEMO.member.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached',
    });
    expect(await sessionCount(stack)).toBe(before);

    const { error } = await stack.anon().auth.signInWithPassword(DEMO.member);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    const signUp = await stack.anon().auth.signUp({ email: freshEmail('late'), password: 'correct-horse-7' });
    expect(signUp.error?.code).toBe('over_request_rate_limit');
  });
});

describe('behind a reverse proxy', () => {
  const LIMITS = { perIp: 3, perAddressAndEmail: 10, windowSeconds: 300 };
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const guesses = (stack: TestStack, address: string) =>
    Promise.all(
      Array.from(
        { length: LIMITS.perIp },
        async (_, i) => (await signInRaw(stack, freshEmail(`proxied${i}`), 'wrong-password-1', from(address))).status,
      ),
    );

  test('with TRUST_PROXY, each forwarded address has its own limit', async () => {
    const stack = await startTestStack({ authRateLimits: LIMITS, trustProxy: 'loopback' });
    try {
      expect(await guesses(stack, '203.0.113.7')).toEqual([400, 400, 400]);
      expect((await signInRaw(stack, DEMO.member.email, DEMO.member.password, from('203.0.113.7'))).status).toBe(429);
      expect((await signInRaw(stack, DEMO.member.email, DEMO.member.password, from('198.51.100.9'))).status).toBe(200);
    } finally {
      await stack.close();
    }
  });

  test('without it, a client cannot escape its limit by naming another address', async () => {
    const stack = await startTestStack({ authRateLimits: LIMITS });
    try {
      expect(await guesses(stack, '203.0.113.7')).toEqual([400, 400, 400]);
      expect((await signInRaw(stack, DEMO.member.email, DEMO.member.password, from('198.51.100.9'))).status).toBe(429);
    } finally {
      await stack.close();
    }
  });

  test('a TRUST_PROXY that is neither hops nor addresses is refused, saying what it takes', () => {
    expect(() => clientAddress('everyone')).toThrow(/TRUST_PROXY must be a number of proxy hops/);
    expect(() => clientAddress('1')).not.toThrow();
    expect(() => clientAddress('10.0.0.0/8, loopback')).not.toThrow();
  });
});

describe('per address and email', () => {
  let stack: TestStack;
  const from = (address: string) => ({ 'x-forwarded-for': address });
  beforeAll(async () => {
    stack = await startTestStack({ authRateLimits: HOSTED_AUTH_RATE_LIMITS, trustProxy: 'loopback' });
  });
  afterAll(() => stack.close());

  test('after 10 tries at one email from one address, that address is refused even the right password', async () => {
    for (let i = 0; i < HOSTED_AUTH_RATE_LIMITS.perAddressAndEmail; i += 1) {
      expect((await signInRaw(stack, DEMO.admin.email, `wrong-${i}-password`, from('203.0.113.7'))).status).toBe(400);
    }
    const limited = await signInRaw(stack, DEMO.admin.email.toUpperCase(), DEMO.admin.password, from('203.0.113.7'));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect((await signInRaw(stack, DEMO.member.email, DEMO.member.password, from('203.0.113.7'))).status).toBe(200);
  });

  test('guesses from other addresses do not lock the owner out: the admin still signs in from their own', async () => {
    const guessers = Array.from({ length: 3 }, (_, i) => `198.51.100.${20 + i}`);
    for (const address of guessers) {
      for (let i = 0; i < HOSTED_AUTH_RATE_LIMITS.perAddressAndEmail; i += 1) {
        expect((await signInRaw(stack, DEMO.moderator.email, `wrong-${i}-password`, from(address))).status).toBe(400);
      }
      expect((await signInRaw(stack, DEMO.moderator.email, 'wrong-again-password', from(address))).status).toBe(429);
    }
    const owner = await signInRaw(stack, DEMO.moderator.email, DEMO.moderator.password, from('192.0.2.50'));
    expect(owner.status).toBe(200);
  });
});

describe('mails and codes', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ authRateLimits: HOSTED_AUTH_RATE_LIMITS });
  });
  afterAll(() => stack.close());

  const post = (path: string, body: object) =>
    fetch(`${stack.url}/auth/v1${path}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const mailCount = async () =>
    (await stack.db.query<{ n: number }>('select count(*)::int as n from local.mail')).rows[0]?.n;

  test("guessing one email's six-digit code is refused after 10 tries, and recovery mails stop too", async () => {
    for (let i = 0; i < HOSTED_AUTH_RATE_LIMITS.perAddressAndEmail; i += 1) {
      const res = await post('/verify', { type: 'email', email: DEMO.member.email, token: String(100000 + i) });
      expect(res.status).toBe(403);
    }
    const guess = await post('/verify', { type: 'email', email: DEMO.member.email, token: '123456' });
    expect(guess.status).toBe(429);
    const before = await mailCount();
    const recover = await post('/recover', { email: DEMO.member.email });
    expect(recover.status).toBe(429);
    expect(await recover.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
    expect(await mailCount()).toBe(before);
  });
});

test('the test stacks turn the limits off unless asked: 31 sign-ins in a row all answer', async () => {
  const stack = await startTestStack({ migrations: false });
  try {
    const statuses = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await signInRaw(stack, 'nobody@example.test', 'nope-nope')).status);
    expect(new Set(statuses)).toEqual(new Set([400]));
  } finally {
    await stack.close();
  }
});
