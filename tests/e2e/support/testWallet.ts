// A stand-in for the GuapCoin wallet browser's injected EIP-1193 provider: window.ethereum in the page forwards each
// request to Node, where ethers Wallets with fixed test keys answer it, so signatures are real and every call can be
// inspected by the test. The test also makes the wallet emit accountsChanged, chainChanged and disconnect.
import { getBytes, keccak256, toUtf8Bytes, toUtf8String, Wallet } from 'ethers';
import type { Page } from '@playwright/test';

/** Hardhat's first two development keys: public test keys, never holding anything. */
const TEST_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
] as const;

export const TEST_ACCOUNTS = TEST_KEYS.map((key) => new Wallet(key).address) as [string, string];

/** The key of a test account, to prove its address on a member's profile as the wallet would. */
export const testSigner = (account: 0 | 1) => new Wallet(TEST_KEYS[account]);

/** The forum's chain in the e2e servers' settings (playwright.config.ts WALLET_CHAIN_ID). */
export const GUAPCOINX = 71111;

export interface WalletCall {
  method: string;
  params: unknown[];
}

export interface SentTransaction {
  hash: string;
  from: string;
  to: string;
  value: bigint;
}

interface TestWalletOptions {
  /** The chain the wallet starts on; GuapcoinX unless told. */
  chainId?: number;
  /** The chains it knows; one it does not know answers wallet_switchEthereumChain with 4902. */
  knownChains?: number[];
  /** Called for each eth_sendTransaction, e.g. to register the transaction with the explorer fixture. */
  onSend?(tx: SentTransaction): void;
  /** Keys of the accounts in place of the fixed test keys: a wallet the forum has never seen. */
  keys?: readonly string[];
}

type Answer = { result: unknown } | { error: { code: number; message: string } };

class WalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const hex = (n: number | bigint) => `0x${n.toString(16)}`;

export class TestWallet {
  readonly calls: WalletCall[] = [];
  readonly sent: SentTransaction[] = [];
  /** What the wallet signed (personal_sign): the text and the signature it gave. */
  readonly signed: { message: string; signature: string }[] = [];
  /** Which test account the wallet has selected. */
  account = 0;
  chainId: number;
  readonly knownChains: Set<number>;
  /** Whether the member let the forum see the accounts (eth_requestAccounts). */
  authorized = false;
  /** Set, the member refuses the next eth_requestAccounts (4001, with these words). */
  refuseNextConnect: string | null = null;
  private readonly signers: Wallet[];

  private constructor(
    readonly page: Page,
    private readonly options: TestWalletOptions,
  ) {
    this.signers = (options.keys ?? TEST_KEYS).map((key) => new Wallet(key));
    this.chainId = options.chainId ?? GUAPCOINX;
    this.knownChains = new Set(options.knownChains ?? [this.chainId]);
  }

  /** Injects window.ethereum into every document the page loads from now on, reloads included. */
  static async install(page: Page, options: TestWalletOptions = {}): Promise<TestWallet> {
    const wallet = new TestWallet(page, options);
    await page.exposeBinding('__testWalletRequest', (_source, method: string, params: unknown[]) =>
      wallet.answer(method, params),
    );
    await page.addInitScript(() => {
      type Listener = (...args: unknown[]) => void;
      const listeners = new Map<string, Set<Listener>>();
      const bridge = window as unknown as {
        __testWalletRequest(method: string, params: unknown): Promise<Answer>;
        __testWalletEmit(event: string, payload: unknown): void;
        ethereum: unknown;
      };
      bridge.__testWalletEmit = (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload));
      bridge.ethereum = {
        isGuapWallet: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const answer = await bridge.__testWalletRequest(method, params ?? []);
          if ('error' in answer) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
          return answer.result;
        },
        on(event: string, listener: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(listener);
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener);
        },
      };
    });
    return wallet;
  }

  get address(): string {
    return this.signers[this.account]!.address;
  }

  /** The methods the page asked for, in order. */
  methods(): string[] {
    return this.calls.map((call) => call.method);
  }

  /** The member picks another account in the wallet. */
  async selectAccount(index: 0 | 1) {
    this.account = index;
    if (this.authorized) await this.emit('accountsChanged', [this.address]);
  }

  /** The wallet ends the connection on its side. */
  async disconnectFromWallet() {
    this.authorized = false;
    await this.emit('accountsChanged', []);
    await this.emit('disconnect', { code: 4900, message: 'Disconnected' });
  }

  async emit(event: 'accountsChanged' | 'chainChanged' | 'disconnect', payload: unknown) {
    await this.page.evaluate(
      ([name, value]) =>
        (window as unknown as { __testWalletEmit(e: unknown, p: unknown): void }).__testWalletEmit(name, value),
      [event, payload] as const,
    );
  }

  private async answer(method: string, params: unknown[]): Promise<Answer> {
    this.calls.push({ method, params });
    try {
      return { result: await this.handle(method, params) };
    } catch (error) {
      if (error instanceof WalletError) return { error: { code: error.code, message: error.message } };
      return { error: { code: -32603, message: error instanceof Error ? error.message : String(error) } };
    }
  }

  private async handle(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts': {
        const refusal = this.refuseNextConnect;
        this.refuseNextConnect = null;
        if (refusal !== null) throw new WalletError(4001, refusal);
        this.authorized = true;
        return [this.address];
      }
      case 'eth_accounts':
        return this.authorized ? [this.address] : [];
      case 'eth_chainId':
        return hex(this.chainId);
      case 'personal_sign': {
        const [message, address] = params as [string, string];
        if (address.toLowerCase() !== this.address.toLowerCase()) throw new WalletError(4100, 'Unknown account');
        const signature = await this.signers[this.account]!.signMessage(getBytes(message));
        this.signed.push({ message: toUtf8String(getBytes(message)), signature });
        return signature;
      }
      case 'eth_sendTransaction': {
        const [tx] = params as [{ from: string; to: string; value?: string }];
        const sent = { from: tx.from, to: tx.to, value: BigInt(tx.value ?? '0x0'), hash: '' };
        sent.hash = keccak256(toUtf8Bytes(`${sent.from}:${sent.to}:${sent.value}:${this.sent.length}:${Date.now()}`));
        this.sent.push(sent);
        this.options.onSend?.(sent);
        return sent.hash;
      }
      case 'eth_estimateGas':
        return hex(21000);
      case 'eth_gasPrice':
      case 'eth_maxPriorityFeePerGas':
        return hex(1_000_000_000);
      case 'eth_blockNumber':
        return hex(100);
      case 'eth_getTransactionCount':
        return hex(this.sent.length);
      case 'eth_getBlockByNumber':
        return {
          number: hex(100),
          hash: keccak256(toUtf8Bytes('block 100')),
          parentHash: keccak256(toUtf8Bytes('block 99')),
          timestamp: hex(Math.floor(Date.now() / 1000)),
          gasLimit: hex(30_000_000),
          gasUsed: hex(0),
          baseFeePerGas: hex(1_000_000_000),
          miner: '0x0000000000000000000000000000000000000000',
          extraData: '0x',
          difficulty: '0x0',
          nonce: '0x0000000000000000',
          transactions: [],
        };
      case 'eth_feeHistory':
        return { oldestBlock: hex(100), baseFeePerGas: [hex(1_000_000_000)], gasUsedRatio: [0], reward: [[hex(0)]] };
      case 'wallet_switchEthereumChain': {
        const chainId = Number(BigInt((params[0] as { chainId: string }).chainId));
        if (!this.knownChains.has(chainId)) throw new WalletError(4902, `Unrecognized chain ID ${hex(chainId)}`);
        this.chainId = chainId;
        // As a real wallet does once it has switched; the page learns the chain from the event.
        void this.emit('chainChanged', hex(chainId));
        return null;
      }
      case 'wallet_addEthereumChain':
        this.knownChains.add(Number(BigInt((params[0] as { chainId: string }).chainId)));
        return null;
      default:
        throw new WalletError(4200, `The test wallet does not support ${method}`);
    }
  }
}
