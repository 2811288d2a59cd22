import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestStack, type TestStack } from './stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.close());

test('GET /local/v1/config gives the app its URL and the anon key, a JWT with role anon', async () => {
  const res = await fetch(`${stack.url}/local/v1/config`);
  expect(res.status).toBe(200);
  const config = (await res.json()) as { url: string; anonKey: string };
  expect(config.url).toBe(stack.url);
  expect(config.anonKey).toBe(stack.anonKey);
  const payload = JSON.parse(Buffer.from(config.anonKey.split('.')[1]!, 'base64url').toString());
  expect(payload.role).toBe('anon');
});

test('an unknown local endpoint is a 404, not a crash', async () => {
  const res = await fetch(`${stack.url}/local/v1/nope`);
  expect(res.status).toBe(404);
});

test('a stack started with the wallet settings hands them to the app; without them the config has none', async () => {
  expect(await (await fetch(`${stack.url}/local/v1/config`)).json()).not.toHaveProperty('wallet');
  const wallet = { chainId: '1500', explorerUrl: 'http://127.0.0.1:4999/', downloadUrl: 'https://example.org/get' };
  const walletStack = await startTestStack({ wallet });
  try {
    const config = (await (await fetch(`${walletStack.url}/local/v1/config`)).json()) as { wallet: unknown };
    expect(config.wallet).toEqual(wallet);
  } finally {
    await walletStack.close();
  }
});
