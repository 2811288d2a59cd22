import { getBytes, verifyMessage, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { chainConfig } from '../lib/chain.ts';
import { AppError } from '../../../backend/errors.ts';
import { memoryStorage } from '../../../lib/memoryStorage.ts';
import {
  createWalletConnector,
  inWallet,
  isUserRejection,
  NOT_INITIALIZED,
  WalletDeclined,
  type Eip1193Provider,
} from './connector.ts';

const ALICE = '0x1111111111111111111111111111111111111111';
const BOB = '0x2222222222222222222222222222222222222222';
const CHAIN = chainConfig({});

interface Call {
  method: string;
  params?: unknown;
}

/** A wallet that answers from a table, remembers what it was asked and emits events on demand. */
function fakeWallet(answers: Record<string, (params: unknown) => unknown> = {}) {
  const calls: Call[] = [];
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const provider: Eip1193Provider = {
    request({ method, params }) {
      calls.push({ method, params });
      const answer = answers[method];
      if (!answer) return Promise.reject(Object.assign(new Error(`${method} not supported`), { code: 4200 }));
      try {
        return Promise.resolve(answer(params));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    removeListener(event, listener) {
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((l) => l !== listener),
      );
    },
  };
  const emit = (event: string, ...args: unknown[]) => (listeners.get(event) ?? []).forEach((l) => l(...args));
  return { provider, calls, emit, listeners };
}

const standard = { eth_requestAccounts: () => [ALICE], eth_accounts: () => [ALICE], eth_chainId: () => '0x115c7' };

describe('wallet connector', () => {
  it("fails every action with 'Connector not initialized' without a provider", async () => {
    const connector = createWalletConnector({ ethereum: undefined, chain: CHAIN });
    expect(connector.store.getState()).toMatchObject({ hasProvider: false, connected: false });
    await expect(connector.connect()).rejects.toThrow(NOT_INITIALIZED);
    await expect(connector.getAccounts()).rejects.toThrow(NOT_INITIALIZED);
    await expect(connector.getChainId()).rejects.toThrow(NOT_INITIALIZED);
    await expect(connector.signMessage('hello')).rejects.toThrow(NOT_INITIALIZED);
    await expect(connector.sendTransaction({ to: BOB, value: 1n })).rejects.toThrow(NOT_INITIALIZED);
    await expect(connector.switchChain()).rejects.toThrow(NOT_INITIALIZED);
    await expect(connector.estimateFee({ to: BOB, value: 1n })).rejects.toThrow(NOT_INITIALIZED);
  });

  it('connects: connecting, then connected with the accounts and the hex chain id', async () => {
    const wallet = fakeWallet(standard);
    const connector = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN });
    const connecting = connector.connect();
    expect(connector.store.getState().connecting).toBe(true);
    await expect(connecting).resolves.toEqual([ALICE]);
    expect(connector.store.getState()).toMatchObject({
      connected: true,
      connecting: false,
      accounts: [ALICE],
      chainId: '0x115c7',
      error: null,
    });
  });

  it("keeps the wallet's words when the member refuses the connection", async () => {
    const refused = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const wallet = fakeWallet({
      eth_requestAccounts: () => {
        throw refused;
      },
    });
    const connector = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN });
    await expect(connector.connect()).rejects.toBe(refused);
    expect(connector.store.getState()).toMatchObject({ connected: false, error: 'User rejected the request.' });
    expect(isUserRejection(refused)).toBe(true);
    expect(isUserRejection(new Error('Internal JSON-RPC error.'))).toBe(false);
  });

  it('picks up the accounts the wallet already shares on init, without asking', async () => {
    const wallet = fakeWallet(standard);
    const connector = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN });
    await connector.init();
    expect(connector.store.getState()).toMatchObject({ connected: true, accounts: [ALICE], chainId: '0x115c7' });
    expect(wallet.calls.map((c) => c.method)).not.toContain('eth_requestAccounts');
  });

  it('follows accountsChanged; an empty list means not connected', async () => {
    const wallet = fakeWallet(standard);
    const connector = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN });
    await connector.init();
    wallet.emit('accountsChanged', [BOB]);
    expect(connector.store.getState()).toMatchObject({ connected: true, accounts: [BOB] });
    wallet.emit('accountsChanged', []);
    expect(connector.store.getState()).toMatchObject({ connected: false, accounts: [], chainId: null });
  });

  it('follows chainChanged', async () => {
    const wallet = fakeWallet(standard);
    const connector = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN });
    await connector.init();
    wallet.emit('chainChanged', '0x5DC');
    expect(connector.store.getState().chainId).toBe('0x5dc');
  });

  it('clears everything on disconnect', async () => {
    const wallet = fakeWallet(standard);
    const connector = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN });
    await connector.init();
    wallet.emit('disconnect', { code: 4900, message: 'Disconnected' });
    expect(connector.store.getState()).toEqual({
      connected: false,
      connecting: false,
      accounts: [],
      chainId: null,
      error: null,
      hasProvider: true,
    });
  });

  it('stays disconnected after a manual disconnect, across a reload, until Connect', async () => {
    const wallet = fakeWallet(standard);
    const storage = memoryStorage();
    const connector = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN, storage });
    await connector.init();
    connector.disconnect();
    expect(connector.store.getState()).toMatchObject({ connected: false, accounts: [] });
    wallet.emit('accountsChanged', [BOB]);
    expect(connector.store.getState().connected).toBe(false);
    connector.dispose();

    const reloaded = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN, storage });
    await reloaded.init();
    expect(reloaded.store.getState().connected).toBe(false);
    await reloaded.connect();
    expect(reloaded.store.getState()).toMatchObject({ connected: true, accounts: [ALICE] });
  });

  it('switches to a known chain with wallet_switchEthereumChain alone', async () => {
    const wallet = fakeWallet({ ...standard, wallet_switchEthereumChain: () => null });
    const connector = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN });
    await connector.switchChain();
    expect(wallet.calls).toEqual([{ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x115c7' }] }]);
  });

  it('adds the chain after 4902, then switches to it', async () => {
    let known = false;
    const wallet = fakeWallet({
      wallet_switchEthereumChain: () => {
        if (!known) throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 });
        return null;
      },
      wallet_addEthereumChain: () => {
        known = true;
        return null;
      },
    });
    const connector = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN });
    await connector.switchChain();
    expect(wallet.calls.map((c) => c.method)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ]);
    expect(wallet.calls[1]?.params).toEqual([
      {
        chainId: '0x115c7',
        chainName: 'GuapcoinX',
        rpcUrls: ['https://rpc-mainnet.guapcoinx.com/'],
        nativeCurrency: { name: 'GuapX', symbol: 'GuapX', decimals: 18 },
        blockExplorerUrls: ['https://explorer.guapcoinx.com/'],
      },
    ]);
  });

  it('passes on any other switch failure without adding the chain', async () => {
    const refused = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const wallet = fakeWallet({
      wallet_switchEthereumChain: () => {
        throw refused;
      },
    });
    const connector = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN });
    await expect(connector.switchChain()).rejects.toBe(refused);
    expect(wallet.calls.map((c) => c.method)).toEqual(['wallet_switchEthereumChain']);
  });

  it('estimates a fee as the gas estimate times the gas price', async () => {
    const wallet = fakeWallet({
      ...standard,
      eth_estimateGas: () => '0x5208',
      eth_gasPrice: () => '0x3b9aca00',
    });
    const connector = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN });
    await connector.connect();
    await expect(connector.estimateFee({ to: BOB, value: 10n ** 18n })).resolves.toBe(21000n * 1_000_000_000n);
  });

  it('signs with personal_sign and sends with eth_sendTransaction from the connected account', async () => {
    const key = new Wallet('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
    const wallet = fakeWallet({
      eth_requestAccounts: () => [key.address],
      eth_accounts: () => [key.address],
      eth_chainId: () => '0x115c7',
      personal_sign: (params) => key.signMessage(getBytes((params as string[])[0]!)),
      eth_estimateGas: () => '0x5208',
      eth_sendTransaction: () => `0x${'ab'.repeat(32)}`,
    });
    const connector = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN });
    await connector.connect();
    const signature = await connector.signMessage('GuapCoin Forum: prove this address');
    expect(verifyMessage('GuapCoin Forum: prove this address', signature)).toBe(key.address);
    await expect(connector.sendTransaction({ to: BOB, value: 10n ** 18n })).resolves.toBe(`0x${'ab'.repeat(32)}`);
    const sent = wallet.calls.find((c) => c.method === 'eth_sendTransaction');
    expect(sent?.params).toEqual([
      expect.objectContaining({ from: key.address.toLowerCase(), to: BOB, value: '0xde0b6b3a7640000' }),
    ]);
  });

  it('a signature or a transfer the member declines is WalletDeclined; any other wallet failure keeps its words', async () => {
    const declined = () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    const wallet = fakeWallet({
      ...standard,
      personal_sign: declined,
      eth_estimateGas: () => '0x5208',
      eth_sendTransaction: declined,
    });
    const connector = createWalletConnector({ ethereum: wallet.provider, chain: CHAIN });
    await connector.connect();
    await expect(inWallet(() => connector.signMessage('prove it'))).rejects.toBeInstanceOf(WalletDeclined);
    await expect(inWallet(() => connector.sendTransaction({ to: BOB, value: 1n }))).rejects.toBeInstanceOf(
      WalletDeclined,
    );

    const broken = inWallet(() => createWalletConnector({ ethereum: undefined, chain: CHAIN }).signMessage('x'));
    await expect(broken).rejects.toBeInstanceOf(AppError);
    await expect(broken).rejects.toMatchObject({ kind: 'refused', message: NOT_INITIALIZED, detail: NOT_INITIALIZED });
  });
});
