// A block explorer on 127.0.0.1 for tests, speaking the Etherscan-compatible API as Blockscout serves it at /api:
// gettxinfo and gettxreceiptstatus for the transactions a test adds, "Transaction not found" for any other hash,
// and, when a test asks, a 500, a body that is not JSON, JSON of another shape, no answer at all, headers and then a
// body that never ends, a 300 MB body (streamed, never held), or a redirect; and it can hold back its answers about
// one transaction.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ExplorerTransaction {
  from: string;
  to: string;
  /** In wei, decimal. */
  value: string;
  /** '1' succeeded, '0' failed, '' no receipt yet. */
  receipt: '1' | '0' | '';
}

export type ExplorerFailure =
  'http500' | 'malformed' | 'wrongShape' | 'silent' | 'stalledBody' | 'huge' | { redirectTo: string };

/** The size of the 'huge' answer. */
export const HUGE_ANSWER_BYTES = 300 * 1024 * 1024;

export interface Explorer {
  /** The explorer's base URL, as WALLET_EXPLORER_URL names it. */
  url: string;
  add(hash: string, tx: ExplorerTransaction): void;
  /** Requests about this hash get no answer until `release`: a call to check-tip stays in flight. */
  hold(hash: string): void;
  /** Answers the held requests, and the next ones about their hashes, as usual. */
  release(): void;
  /** From now on, fail every request this way; undefined answers again. */
  fail(failure: ExplorerFailure | undefined): void;
  /** The query strings received, in order. */
  requests: URLSearchParams[];
  /** Bytes of the 'huge' answer written so far, until its client stopped reading. */
  hugeBytesSent(): number;
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
};

/** A JSON string of HUGE_ANSWER_BYTES, written a chunk at a time as the client reads, until it stops. */
function sendHuge(res: ServerResponse, sent: (bytes: number) => void) {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let left = HUGE_ANSWER_BYTES;
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      left -= chunk.length;
      sent(chunk.length);
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  res.write('{"status":"1","message":"OK","result":"');
  pump();
}

export async function startExplorer(): Promise<Explorer> {
  const transactions = new Map<string, ExplorerTransaction>();
  const requests: URLSearchParams[] = [];
  let failure: ExplorerFailure | undefined;
  let hugeSent = 0;
  const held = new Set<string>();
  let waiting: Array<() => void> = [];

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.searchParams);
    if (held.has(url.searchParams.get('txhash')?.toLowerCase() ?? '')) return void waiting.push(() => answer(req, res));
    answer(req, res);
  });
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (failure === 'silent') return;
    if (failure === 'http500') return send(res, 500, '<html>Internal Server Error</html>');
    if (failure === 'malformed') return send(res, 200, '{"status":"1","message":"OK","result":');
    if (failure === 'wrongShape') return send(res, 200, '{"status":"1","message":"OK","result":{"value":12}}');
    if (failure === 'stalledBody') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.write('{"status":"1","message":"OK","result":');
    }
    if (failure === 'huge') return sendHuge(res, (bytes) => (hugeSent += bytes));
    if (typeof failure === 'object') {
      res.writeHead(302, { location: failure.redirectTo + (req.url ?? '/').replace(/^\//, '') });
      return void res.end();
    }
    if (url.pathname !== '/api' || url.searchParams.get('module') !== 'transaction') {
      return send(res, 200, JSON.stringify({ status: '0', message: 'Unknown action', result: null }));
    }
    const hash = url.searchParams.get('txhash')?.toLowerCase() ?? '';
    const tx = transactions.get(hash);
    if (!tx) return send(res, 200, JSON.stringify({ status: '0', message: 'Transaction not found', result: null }));
    if (url.searchParams.get('action') === 'gettxinfo') {
      return send(
        res,
        200,
        JSON.stringify({
          status: '1',
          message: 'OK',
          result: {
            hash,
            from: tx.from,
            to: tx.to,
            value: tx.value,
            success: tx.receipt !== '0',
            timeStamp: String(Math.floor(Date.now() / 1000)),
            blockNumber: '1000',
            confirmations: '12',
            gasLimit: '21000',
            gasUsed: '21000',
            gasPrice: '1000000000',
            input: '0x',
            logs: [],
            next_page_params: null,
            revertReason: '',
          },
        }),
      );
    }
    if (url.searchParams.get('action') === 'gettxreceiptstatus') {
      return send(res, 200, JSON.stringify({ status: '1', message: 'OK', result: { status: tx.receipt } }));
    }
    return send(res, 200, JSON.stringify({ status: '0', message: 'Unknown action', result: null }));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    url,
    add: (hash, tx) => transactions.set(hash.toLowerCase(), tx),
    fail: (next) => {
      failure = next;
    },
    requests,
    hugeBytesSent: () => hugeSent,
    hold: (hash) => held.add(hash.toLowerCase()),
    release: () => {
      held.clear();
      for (const next of waiting) next();
      waiting = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
