import { expect, test } from 'vitest';
import { explorerPage, walletEnv } from './walletChain.ts';

test('explorer links keep the explorer path, with or without its trailing slash', () => {
  const hash = `0x${'ab'.repeat(32)}`;
  expect(explorerPage('https://explorer.guapcoinx.com/', 'tx', hash)).toBe(`https://explorer.guapcoinx.com/tx/${hash}`);
  expect(explorerPage('http://127.0.0.1:4393/chain', 'address', '0xAbC')).toBe(
    'http://127.0.0.1:4393/chain/address/0xAbC',
  );
});

test('an id cannot leave the explorer: slashes and dots are escaped', () => {
  expect(explorerPage('https://explorer.guapcoinx.com/', 'tx', '../../evil')).toBe(
    'https://explorer.guapcoinx.com/tx/..%2F..%2Fevil',
  );
});

test("the chain settings are the hosted build's, else the local stack's last answer, one setting at a time", () => {
  const kept = new Map<string, string>();
  const storage = { getItem: (key: string) => kept.get(key) ?? null };
  expect(walletEnv({}, storage)).toEqual({});
  const wallet = { chainId: '1500', explorerUrl: 'http://127.0.0.1:4999/' };
  kept.set('guap.backend-config', JSON.stringify({ url: 'http://127.0.0.1:4173', anonKey: 'anon', wallet }));
  expect(walletEnv({ VITE_WALLET_CHAIN_ID: '71111' }, storage)).toEqual({
    VITE_WALLET_CHAIN_ID: '71111',
    VITE_WALLET_EXPLORER_URL: 'http://127.0.0.1:4999/',
  });
});
