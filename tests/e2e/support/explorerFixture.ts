// A stand-in for the block explorer on 127.0.0.1 (the e2e servers' WALLET_EXPLORER_URL): Etherscan's account API
// (balance, txlist) and Blockscout's transaction API (gettxinfo, gettxreceiptstatus) over what the test puts in it,
// with the failures a test switches on: an HTTP 500, a malformed body, or no answer at all.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { explorerPort } from '../../../playwright.config.ts';

/** A txlist entry as Etherscan and Blockscout give it. */
export interface ExplorerTransaction {
  blockNumber: string;
  timeStamp: string;
  hash: string;
  nonce: string;
  from: string;
  to: string;
  value: string;
  gas: string;
  gasPrice: string;
  isError: '0' | '1';
  txreceipt_status: '0' | '1';
  input: string;
  contractAddress: string;
  cumulativeGasUsed: string;
  gasUsed: string;
  confirmations: string;
}

/** What the explorer does with every /api request: answer, or fail in one of three ways. */
export type ExplorerMode = 'answer' | 'http500' | 'malformed' | 'hang';

interface SentRecord {
  hash: string;
  from: string;
  to: string;
  value: bigint;
  timeStamp: number;
  receiptStatus: '0' | '1';
}

/** A socket with no traffic for this long is closed: this also ends a hang that nobody aborts. */
const IDLE_SOCKET_MS = 30_000;
/** The requests kept for a test to inspect; older ones are dropped. */
const KEPT_REQUESTS = 500;

/**
 * `count` transactions of `address`, newest first (as txlist with sort=desc): every third one sent, one in five
 * failed, each a minute older than the last and worth i + 0.5 GUAPX.
 */
export function transactionsOf(address: string, count: number, now = Date.now()): ExplorerTransaction[] {
  return Array.from({ length: count }, (_, i) => {
    const other = `0x${(i + 1).toString(16).padStart(40, 'a')}`;
    const sent = i % 3 === 2;
    const failed = i % 5 === 4;
    return {
      blockNumber: String(1000 - i),
      timeStamp: String(Math.floor(now / 1000) - 60 * (i + 1)),
      hash: `0x${(i + 1).toString(16).padStart(64, '0')}`,
      nonce: String(i),
      from: sent ? address.toLowerCase() : other,
      to: sent ? other : address.toLowerCase(),
      value: (BigInt(i) * 10n ** 18n + 5n * 10n ** 17n).toString(),
      gas: '21000',
      gasPrice: '1000000000',
      isError: failed ? '1' : '0',
      txreceipt_status: failed ? '0' : '1',
      input: '0x',
      contractAddress: '',
      cumulativeGasUsed: '21000',
      gasUsed: '21000',
      confirmations: String(i + 1),
    };
  });
}

export class ExplorerFixture {
  mode: ExplorerMode = 'answer';
  /** Every /api request's query, oldest first. */
  readonly requests: URLSearchParams[] = [];
  private readonly balances = new Map<string, string>();
  private readonly lists = new Map<string, ExplorerTransaction[]>();
  private readonly sent = new Map<string, SentRecord>();
  private readonly hanging = new Set<ServerResponse>();
  private server: Server | null = null;

  /** The worker's explorer (Playwright names the worker in TEST_PARALLEL_INDEX), which its server knows. */
  constructor(readonly port = explorerPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0))) {}

  /** The explorer's base URL, as the e2e servers give it to the app. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/`;
  }

  async start(): Promise<void> {
    // Bounded by inactivity: a socket quiet for 30 s (longer than the app's 10 s wait for an answer) is closed, without a
    // word. Not by Node's request and header timeouts: those write '408 Request Timeout' on a socket the browser opened
    // ahead and has not used yet, and a request sent on it as that arrives gets the 408 for its answer. Real explorers
    // behind nginx close such sockets silently, which browsers expect.
    const server = createServer({ requestTimeout: 0, headersTimeout: 0 }, (req, res) => this.serve(req, res));
    server.setTimeout(IDLE_SOCKET_MS, (socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    if ((server.address() as AddressInfo).port !== this.port) throw new Error('explorer fixture on the wrong port');
    this.server = server;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Back to answering, with nothing in it: between tests. */
  reset() {
    this.mode = 'answer';
    this.requests.length = 0;
    this.balances.clear();
    this.lists.clear();
    this.sent.clear();
  }

  setBalance(address: string, wei: string) {
    this.balances.set(address.toLowerCase(), wei);
  }

  setTransactions(address: string, transactions: ExplorerTransaction[]) {
    this.lists.set(address.toLowerCase(), transactions);
  }

  /** A transaction sent through the test wallet: gettxinfo knows it, and its receipt succeeds until told. */
  registerSent(tx: { hash: string; from: string; to: string; value: bigint }) {
    this.sent.set(tx.hash.toLowerCase(), { ...tx, timeStamp: Math.floor(Date.now() / 1000), receiptStatus: '1' });
  }

  setReceiptStatus(hash: string, status: '0' | '1') {
    const record = this.sent.get(hash.toLowerCase());
    if (!record) throw new Error(`the explorer fixture knows no transaction ${hash}`);
    record.receiptStatus = status;
  }

  /** How many /api requests asked for this action (e.g. 'txlist'). */
  asked(action: string): number {
    return this.requests.filter((query) => query.get('action') === action).length;
  }

  private serve(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname !== '/api' || req.method !== 'GET') return void res.writeHead(404).end();
    this.requests.push(url.searchParams);
    if (this.requests.length > KEPT_REQUESTS) this.requests.shift();
    switch (this.mode) {
      case 'http500':
        return void res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
      case 'malformed':
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"1","result":[{"hash"');
      case 'hang':
        return this.hang(res);
      case 'answer':
        return this.json(res, this.answer(url.searchParams));
    }
  }

  /** No answer until the client gives up (the app aborts at 10 s), the idle close ends it, or stop() does. */
  private hang(res: ServerResponse) {
    this.hanging.add(res);
    res.on('close', () => this.hanging.delete(res));
  }

  private json(res: ServerResponse, body: unknown) {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  }

  private answer(query: URLSearchParams): unknown {
    const module = query.get('module');
    const action = query.get('action');
    const address = (query.get('address') ?? '').toLowerCase();
    if (module === 'account' && action === 'balance') {
      return { status: '1', message: 'OK', result: this.balances.get(address) ?? '0' };
    }
    if (module === 'account' && action === 'txlist') {
      const list = this.lists.get(address) ?? [];
      const ordered = query.get('sort') === 'asc' ? [...list].reverse() : list;
      return list.length > 0
        ? { status: '1', message: 'OK', result: ordered }
        : { status: '0', message: 'No transactions found', result: [] };
    }
    const hash = (query.get('txhash') ?? '').toLowerCase();
    const tx = this.sent.get(hash);
    if (module === 'transaction' && action === 'gettxinfo') {
      if (!tx) return { status: '0', message: 'Transaction not found', result: null };
      return {
        status: '1',
        message: 'OK',
        result: {
          hash: tx.hash,
          from: tx.from,
          to: tx.to,
          value: tx.value.toString(),
          success: tx.receiptStatus === '1',
          timeStamp: String(tx.timeStamp),
          blockNumber: '1001',
          confirmations: '1',
        },
      };
    }
    if (module === 'transaction' && action === 'gettxreceiptstatus') {
      if (!tx) return { status: '0', message: 'Transaction not found', result: null };
      return { status: '1', message: 'OK', result: { status: tx.receiptStatus } };
    }
    return { status: '0', message: 'NOTOK', result: `Unknown module or action: ${module}/${action}` };
  }
}
