// The wallet connector: the injected EIP-1193 provider of the GuapCoin wallet browser, its state (SPEC §3 "Wallet
// state", §4 "Wallet connection") in a zustand store, and the wallet actions of SPEC §7. Plain TypeScript, no React:
// useWallet.ts gives it to screens, and a unit test drives it with a fake provider.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { AppError } from '../../../backend/errors.ts';
import type { BrowserProvider } from 'ethers';
import type { ChainConfig } from '../lib/chain.ts';

/** What EIP-1193 asks of an injected provider; `on` and `removeListener` are optional in practice. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

/** SPEC §3 "Wallet state", plus whether this browser has a wallet at all (outside one, the prompt shows). */
interface WalletState {
  connected: boolean;
  connecting: boolean;
  accounts: string[];
  /** As the wallet reports it, hex ('0x115c7'); null until known. */
  chainId: string | null;
  /** The wallet's own words for the last failed connect, shown under the Connect button (SPEC §8). */
  error: string | null;
  hasProvider: boolean;
}

/** SPEC §5 "Wallet actions" and §8: every action fails with this text when there is no provider to act through. */
export const NOT_INITIALIZED = 'Connector not initialized';

/** EIP-3085 via MetaMask's convention: the wallet does not know the chain it was asked to switch to. */
const UNKNOWN_CHAIN = 4902;
const USER_REJECTED = 4001;

/** A manual disconnect outlives a reload: the wallet itself stays connected, so eth_accounts would answer again. */
const DISCONNECTED_KEY = 'guap.wallet-disconnected';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface ConnectorOptions {
  /** window.ethereum; undefined outside a wallet browser. */
  ethereum: Eip1193Provider | undefined;
  chain: ChainConfig;
  storage?: FlagStorage;
}

const disconnected = (hasProvider: boolean): WalletState => ({
  connected: false,
  connecting: false,
  accounts: [],
  chainId: null,
  error: null,
  hasProvider,
});

/** A wallet's chain id as hex, whether it reported '0x115c7' or, as some older wallets do, a number. */
function hexChainId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return `0x${value.toString(16)}`;
  return typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? value.toLowerCase() : null;
}

function accountList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((a): a is string => typeof a === 'string') : [];
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** EIP-1193 4001: the member said no in the wallet. Their choice, not a failure to report or log. */
export function isUserRejection(error: unknown): boolean {
  const code = errorCode(error);
  // ethers passes a 4001 on as its own ACTION_REJECTED (signing, sending).
  return code === USER_REJECTED || code === 'ACTION_REJECTED';
}

/** The member declined in their wallet: the action stops, and nothing is shown or logged. */
export class WalletDeclined extends Error {
  override name = 'WalletDeclined';
}

/**
 * One step taken in the wallet (connect, sign, switch, send). Its failure comes back in the wallet's own words as
 * an AppError, which the screen shows as the action's failure, or as WalletDeclined when the member said no.
 */
export async function inWallet<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const message = walletMessage(error);
    if (isUserRejection(error)) throw new WalletDeclined(message, { cause: error });
    throw new AppError('refused', message, { detail: message, cause: error });
  }
}

/** The wallet's words for a failure: ethers' short message, else the provider's own message. */
export function walletMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown };
    if (typeof shortMessage === 'string' && shortMessage) return shortMessage;
    if (typeof message === 'string' && message) return message;
  }
  return 'The wallet did not answer.';
}

export function createWalletConnector({ ethereum, chain, storage }: ConnectorOptions) {
  const store: StoreApi<WalletState> = createStore<WalletState>(() => disconnected(ethereum !== undefined));
  const chainHex = `0x${chain.chainId.toString(16)}`;
  // ethers loads with the first signature, transfer or fee estimate, not with the screen that shows the state.
  let browserProvider: Promise<BrowserProvider> | null = null;

  const ready = (): Eip1193Provider => {
    if (!ethereum) throw new Error(NOT_INITIALIZED);
    return ethereum;
  };
  const request = (method: string, params?: unknown[]) => ready().request(params ? { method, params } : { method });

  // Network 'any': the member may switch chains, and ethers otherwise refuses every call after the chain it first saw.
  const ethersProvider = () => {
    const wallet = ready();
    browserProvider ??= import('ethers').then(({ BrowserProvider }) => new BrowserProvider(wallet, 'any'));
    return browserProvider;
  };

  const signer = async () => {
    const account = store.getState().accounts[0];
    if (!account) throw new Error('Please connect your wallet first');
    return (await ethersProvider()).getSigner(account);
  };

  const onAccountsChanged = (value: unknown) => {
    if (storage?.getItem(DISCONNECTED_KEY)) return;
    const accounts = accountList(value);
    store.setState(accounts.length > 0 ? { accounts, connected: true } : disconnected(true));
    // Connected from the wallet's own screen rather than through Connect: the chain is not known yet.
    if (accounts.length > 0 && store.getState().chainId === null) {
      void connector.getChainId().then((chainId) => store.setState({ chainId }), onChainUnknown);
    }
  };
  const onChainChanged = (value: unknown) => {
    store.setState({ chainId: hexChainId(value) });
  };
  const onDisconnect = () => store.setState(disconnected(true));
  const onChainUnknown = (error: unknown) => store.setState({ error: walletMessage(error) });

  const connector = {
    store,
    chain,

    /** Listens to the wallet and, inside a wallet browser, picks up the accounts it already shares (no prompt). */
    async init(): Promise<void> {
      if (!ethereum) return;
      ethereum.on?.('accountsChanged', onAccountsChanged);
      ethereum.on?.('chainChanged', onChainChanged);
      ethereum.on?.('disconnect', onDisconnect);
      if (storage?.getItem(DISCONNECTED_KEY)) return;
      // Connecting while the wallet is asked: the screen shows no Connect button that the answer would take away.
      store.setState({ connecting: true });
      try {
        const accounts = await connector.getAccounts();
        if (accounts.length === 0 || store.getState().connected) return;
        const chainId = await connector.getChainId();
        store.setState({ accounts, chainId, connected: true });
      } finally {
        store.setState({ connecting: false });
      }
    },

    /** Stops listening: for tests, and for a page that replaces its connector. */
    dispose() {
      ethereum?.removeListener?.('accountsChanged', onAccountsChanged);
      ethereum?.removeListener?.('chainChanged', onChainChanged);
      ethereum?.removeListener?.('disconnect', onDisconnect);
    },

    /** disconnected, then connecting, then connected; a refusal leaves the wallet's words in `error`. */
    async connect(): Promise<string[]> {
      ready();
      storage?.removeItem(DISCONNECTED_KEY);
      store.setState({ connecting: true, error: null });
      try {
        const accounts = accountList(await request('eth_requestAccounts'));
        const chainId = await connector.getChainId();
        store.setState({ accounts, chainId, connected: accounts.length > 0, connecting: false });
        return accounts;
      } catch (error) {
        store.setState({ ...disconnected(true), error: walletMessage(error) });
        throw error;
      }
    },

    /** SPEC §4: a manual disconnect resets the state; the forum stops reading the wallet until Connect. */
    disconnect() {
      storage?.setItem(DISCONNECTED_KEY, '1');
      store.setState(disconnected(ethereum !== undefined));
    },

    async getAccounts(): Promise<string[]> {
      return accountList(await request('eth_accounts'));
    },

    async getChainId(): Promise<string | null> {
      return hexChainId(await request('eth_chainId'));
    },

    /** personal_sign of the text by the connected account; answers the signature. */
    async signMessage(message: string): Promise<string> {
      ready();
      return (await signer()).signMessage(message);
    },

    /** Sends `value` wei to `to` from the connected account; answers the hash without waiting for a block. */
    async sendTransaction({ to, value }: { to: string; value: bigint }): Promise<string> {
      ready();
      // sendTransaction would poll eth_getTransactionByHash until a node knows the transaction; the hash is all
      // the forum records, and the explorer says later whether it succeeded.
      return (await signer()).sendUncheckedTransaction({ to, value });
    },

    /** Switches the wallet to the forum's chain, adding it first when the wallet does not know it (4902). */
    async switchChain(): Promise<void> {
      ready();
      const switchTo = () => request('wallet_switchEthereumChain', [{ chainId: chainHex }]);
      try {
        await switchTo();
      } catch (error) {
        if (errorCode(error) !== UNKNOWN_CHAIN) throw error;
        await request('wallet_addEthereumChain', [
          {
            chainId: chainHex,
            chainName: chain.chainName,
            rpcUrls: [chain.rpcUrl],
            nativeCurrency: chain.nativeCurrency,
            blockExplorerUrls: [chain.explorerUrl],
          },
        ]);
        await switchTo();
      }
    },

    /** What sending `value` to `to` would cost in wei: the gas estimate times the gas price. */
    async estimateFee({ to, value }: { to: string; value: bigint }): Promise<bigint> {
      ready();
      const provider = await ethersProvider();
      const from = store.getState().accounts[0];
      // eth_gasPrice, not getFeeData: that also reads the latest block, one more call for a figure the dialog rounds.
      const [gas, price] = await Promise.all([
        provider.estimateGas({ from, to, value }),
        provider.send('eth_gasPrice', []) as Promise<string>,
      ]);
      return gas * BigInt(price);
    },
  };
  return connector;
}

export type WalletConnector = ReturnType<typeof createWalletConnector>;
