import { describe, expect, it } from 'vitest';
import { chainConfig, chainIdFromHex } from './chain.ts';

describe('chainIdFromHex', () => {
  it.each([
    ['0x115c7', 71111],
    ['0x115C7', 71111],
    ['0x5dc', 1500],
    ['0x1', 1],
    ['0x0', 0],
    ['0x1fffffffffffff', Number.MAX_SAFE_INTEGER],
  ])('%s is chain %i', (hex, id) => {
    expect(chainIdFromHex(hex)).toBe(id);
  });

  it.each(['', '115c7', '0x', '0xZZ', '0X115c7', ' 0x115c7', '0x115c7 ', '-0x1', '71111', '0x20000000000000'])(
    'refuses %j',
    (hex) => {
      expect(chainIdFromHex(hex)).toBeNull();
    },
  );
});

describe('chainConfig', () => {
  it('is GuapcoinX when nothing is set', () => {
    expect(chainConfig({})).toEqual({
      chainId: 71111,
      chainName: 'GuapcoinX',
      rpcUrl: 'https://rpc-mainnet.guapcoinx.com/',
      explorerUrl: 'https://explorer.guapcoinx.com/',
      nativeCurrency: { name: 'GuapX', symbol: 'GuapX', decimals: 18 },
      displaySymbol: 'GUAPX',
    });
  });

  it('takes what the env sets', () => {
    const config = chainConfig({
      VITE_WALLET_CHAIN_ID: '1500',
      VITE_WALLET_RPC_URL: 'http://127.0.0.1:8545',
      VITE_WALLET_EXPLORER_URL: 'http://127.0.0.1:4000/',
      VITE_WALLET_DOWNLOAD_URL: 'https://example.org/wallet',
    });
    expect(config).toMatchObject({
      chainId: 1500,
      rpcUrl: 'http://127.0.0.1:8545',
      explorerUrl: 'http://127.0.0.1:4000/',
      downloadUrl: 'https://example.org/wallet',
    });
  });

  it('treats an empty value as unset', () => {
    const config = chainConfig({
      VITE_WALLET_CHAIN_ID: '',
      VITE_WALLET_RPC_URL: '',
      VITE_WALLET_EXPLORER_URL: '',
      VITE_WALLET_DOWNLOAD_URL: '',
    });
    expect(config.chainId).toBe(71111);
    expect(config.rpcUrl).toBe('https://rpc-mainnet.guapcoinx.com/');
    expect(config.explorerUrl).toBe('https://explorer.guapcoinx.com/');
    expect(config).not.toHaveProperty('downloadUrl');
  });

  it.each(['0x115c7', 'abc', '0', '-1', '1.5', '071111', '99999999999999999999'])(
    'names VITE_WALLET_CHAIN_ID when it is %j',
    (value) => {
      expect(() => chainConfig({ VITE_WALLET_CHAIN_ID: value })).toThrow(/VITE_WALLET_CHAIN_ID/);
    },
  );

  it.each([
    ['VITE_WALLET_RPC_URL', 'rpc-mainnet.guapcoinx.com'],
    ['VITE_WALLET_RPC_URL', 'wss://rpc-mainnet.guapcoinx.com/'],
    ['VITE_WALLET_EXPLORER_URL', 'ftp://explorer.guapcoinx.com/'],
    ['VITE_WALLET_EXPLORER_URL', 'javascript:alert(1)'],
    ['VITE_WALLET_DOWNLOAD_URL', 'not a url'],
  ] as const)('names %s when it is %j', (name, value) => {
    expect(() => chainConfig({ [name]: value })).toThrow(new RegExp(`^${name} must be an http\\(s\\) URL`));
  });
});
