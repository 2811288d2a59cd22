// The block explorer's Etherscan-compatible API, as Blockscout serves it at {explorer}/api (SPEC §7): an address's
// balance and its last 20 transactions. Every failure comes back as one typed value, never as a throw.
import { z } from 'zod';
import type { WalletTransactionRow } from '../../../data/types.ts';
import { parseWei, type Direction } from './amount.ts';

/** The issue: the history fails with 'Failed to load transactions' after 10 s without an answer. */
const EXPLORER_TIMEOUT_MS = 10_000;
/** SPEC §9: the first 20 transactions are kept. */
const TRANSACTION_LIMIT = 20;
/** The last millisecond a Date holds: a later block time would make toISOString throw. */
const LAST_DATE_MS = 8.64e15;

/** SPEC §3 "Wallet transaction", plus how the member's history shows it; the mirror keeps it as it is. */
export type WalletTransaction = WalletTransactionRow;

/**
 * Why the explorer gave nothing usable: an HTTP error status, no connection, no answer in time, the caller's own
 * abort (a newer refresh, the screen left), a body this module does not understand, or the explorer's own refusal
 * (status '0', e.g. 'Invalid address format').
 */
type ExplorerFailureReason = 'http' | 'network' | 'timeout' | 'aborted' | 'malformed' | 'refused';

type ExplorerResult<T> = { ok: true; value: T } | { ok: false; reason: ExplorerFailureReason; detail: string };

/** How to ask: the fetch to use (a test passes a fake), the caller's abort, and the time-out (10 s unless given). */
export interface ExplorerRequest {
  fetch: typeof fetch;
  signal?: AbortSignal;
  timeoutMs?: number;
}

// Called as a function of its own: fetch called as `request.fetch(...)` throws Illegal invocation in browsers.
export const browserFetch: typeof fetch = (input, init) => fetch(input, init);

const failure = (reason: ExplorerFailureReason, detail: string) => ({ ok: false, reason, detail }) as const;

// Etherscan answers status '1' with the result, or '0' with a message and an error text (or null, on Blockscout).
const envelope = z.object({
  status: z.string(),
  message: z.string().optional(),
  result: z.union([z.string(), z.array(z.unknown()), z.null()]),
});

const wholeNumber = z.string().refine((value) => parseWei(value) !== null, 'not a whole number');

const transactionEntry = z.object({
  hash: z.string().min(1),
  from: z.string().min(1),
  to: z.string(),
  contractAddress: z.string().optional(),
  value: wholeNumber,
  timeStamp: wholeNumber.refine((value) => Number(value) * 1000 <= LAST_DATE_MS, 'not a time'),
  isError: z.enum(['0', '1']),
  // Empty before Byzantium receipts had a status; Blockscout may leave it out.
  txreceipt_status: z.enum(['', '0', '1']).optional(),
  gasUsed: wholeNumber,
  gasPrice: wholeNumber,
  blockNumber: wholeNumber.refine((value) => Number.isSafeInteger(Number(value)), 'beyond 2^53'),
});

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'unexpected shape';
}

function refusal(body: z.infer<typeof envelope>): string {
  return [body.message, typeof body.result === 'string' ? body.result : null].filter(Boolean).join(': ') || 'status 0';
}

/** A balance answer's result: the wei string. */
export function parseBalance(body: unknown): ExplorerResult<string> {
  const parsed = envelope.safeParse(body);
  if (!parsed.success) return failure('malformed', firstIssue(parsed.error));
  if (parsed.data.status !== '1') return failure('refused', refusal(parsed.data));
  const { result } = parsed.data;
  if (typeof result !== 'string' || parseWei(result) === null) return failure('malformed', 'result: not a wei amount');
  return { ok: true, value: result };
}

/**
 * A txlist answer as the member's history: the first 20 entries, in the explorer's order (newest first, as asked).
 * One malformed entry among those 20 fails the whole list rather than being skipped: a history with a silent gap
 * misstates what the member sent and received. Entries past the 20th are not read, so they cannot fail it.
 */
export function parseTransactions(body: unknown, memberAddress: string): ExplorerResult<WalletTransaction[]> {
  const parsed = envelope.safeParse(body);
  if (!parsed.success) return failure('malformed', firstIssue(parsed.error));
  const { status, result } = parsed.data;
  // An address without transactions: Etherscan and Blockscout answer status '0', 'No transactions found', [].
  if (status === '0' && Array.isArray(result) && result.length === 0) return { ok: true, value: [] };
  if (status !== '1') return failure('refused', refusal(parsed.data));
  if (!Array.isArray(result)) return failure('malformed', 'result: not a list');
  const entries = z.array(transactionEntry).safeParse(result.slice(0, TRANSACTION_LIMIT));
  if (!entries.success) return failure('malformed', `result.${firstIssue(entries.error)}`);
  const member = memberAddress.toLowerCase();
  return {
    ok: true,
    value: entries.data.map((entry) => {
      // A transfer to oneself is shown as sent: it leaves the balance less the gas.
      const direction: Direction = entry.from.toLowerCase() === member ? 'Sent' : 'Received';
      return {
        hash: entry.hash,
        from: entry.from,
        to: entry.to,
        value: entry.value,
        timestamp: new Date(Number(entry.timeStamp) * 1000).toISOString(),
        status: entry.isError === '1' || entry.txreceipt_status === '0' ? 'failed' : 'success',
        gasUsed: entry.gasUsed,
        gasPrice: entry.gasPrice,
        blockNumber: Number(entry.blockNumber),
        direction,
        counterpart: direction === 'Sent' ? entry.to || (entry.contractAddress ?? '') : entry.from,
      };
    }),
  };
}

// A base without its trailing slash would lose its last path segment to the path added to it.
const withSlash = (explorerUrl: string) => (explorerUrl.endsWith('/') ? explorerUrl : `${explorerUrl}/`);

function apiUrl(explorerUrl: string, params: Record<string, string>): string {
  const url = new URL('api', withSlash(explorerUrl));
  url.search = new URLSearchParams(params).toString();
  return url.href;
}

/** GETs a URL and reads its JSON body; whatever goes wrong on the way is a failure with its reason. */
async function getJson(url: string, request: ExplorerRequest): Promise<ExplorerResult<unknown>> {
  const timeoutMs = request.timeoutMs ?? EXPLORER_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let text: string;
  try {
    const response = await request.fetch(url, { signal });
    if (!response.ok) return failure('http', `HTTP ${response.status}`);
    text = await response.text();
  } catch (error) {
    if (request.signal?.aborted) return failure('aborted', 'aborted by the caller');
    if (timeout.aborted) return failure('timeout', `no answer within ${timeoutMs} ms`);
    return failure('network', error instanceof Error ? error.message : String(error));
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return failure('malformed', 'body: not JSON');
  }
}

/** The address's balance in wei. SPEC §8: the screen only logs a failure. */
export async function fetchBalance(
  explorerUrl: string,
  address: string,
  request: ExplorerRequest,
): Promise<ExplorerResult<string>> {
  const answer = await getJson(apiUrl(explorerUrl, { module: 'account', action: 'balance', address }), request);
  return answer.ok ? parseBalance(answer.value) : answer;
}

/** The address's last 20 transactions, newest first. Any failure shows as 'Failed to load transactions'. */
export async function fetchTransactions(
  explorerUrl: string,
  address: string,
  request: ExplorerRequest,
): Promise<ExplorerResult<WalletTransaction[]>> {
  // The first page of 20: without page and offset, Blockscout sends up to 10,000 entries for the 20 kept.
  const params = {
    module: 'account',
    action: 'txlist',
    address,
    sort: 'desc',
    page: '1',
    offset: String(TRANSACTION_LIMIT),
  };
  const answer = await getJson(apiUrl(explorerUrl, params), request);
  return answer.ok ? parseTransactions(answer.value, address) : answer;
}
