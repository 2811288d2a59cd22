// What the block explorer knows of a transaction, through its Etherscan-compatible API as Blockscout serves it at
// {explorer}/api: the transaction's sender, recipient and value, and its receipt's status. Runtime-neutral (global fetch).
import { z } from 'zod';

export const DEFAULT_EXPLORER_URL = 'https://explorer.guapcoinx.com/';

/** The explorer failed to answer, or answered something this cannot read: the tip cannot be checked now. */
export class ExplorerError extends Error {}

export interface ExplorerOptions {
  explorerUrl: string;
  timeoutMs: number;
}

export interface ExplorerTransaction {
  /** Lowercase: who sent it. */
  from: string;
  /** Lowercase; null for a contract creation. */
  to: string | null;
  /** In wei, decimal. */
  value: string;
}

/** Etherscan's "not found" and other refusals are status '0', whatever the message says. */
const Refused = z.object({ status: z.literal('0') });

const TxInfo = z.object({
  status: z.literal('1'),
  result: z.object({
    from: z.string(),
    to: z.string().nullish(),
    value: z.string().regex(/^\d+$/),
  }),
});

const ReceiptStatus = z.object({
  status: z.literal('1'),
  result: z.object({ status: z.enum(['1', '0', '']) }),
});

/**
 * An explorer's answer is a few hundred bytes. Past this the answer is cut, so a hostile or broken explorer cannot make
 * the server hold hundreds of megabytes (a 300 MB answer took it from 0.7 to 1.9 GB when it was read whole).
 */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** The answer's body as text, read as it streams in; an ExplorerError past MAX_ANSWER_BYTES, its stream cancelled. */
async function readBounded(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new ExplorerError(`The block explorer’s answer was larger than ${MAX_ANSWER_BYTES / 1024} KiB`);
    }
    text += decoder.decode(value, { stream: true });
  }
}

const failedFetch = (e: unknown) => {
  const timedOut = e instanceof Error && e.name === 'TimeoutError';
  return new ExplorerError(
    timedOut ? 'The block explorer did not answer in time' : 'The block explorer could not be reached',
    { cause: e },
  );
};

async function ask(options: ExplorerOptions, action: string, txHash: string): Promise<unknown> {
  const url = new URL('api', options.explorerUrl.replace(/\/*$/, '/'));
  url.search = new URLSearchParams({ module: 'transaction', action, txhash: txHash }).toString();
  let text: string;
  try {
    // One signal for the whole exchange: it ends a body that trickles in as it ends headers that never come.
    // A redirect is never followed: it could point the server at an address only it can reach.
    const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs), redirect: 'manual' });
    const redirected = response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
    if (redirected || !response.ok) {
      await response.body?.cancel();
      throw new ExplorerError(
        redirected
          ? 'The block explorer answered with a redirect, which is not followed'
          : `The block explorer answered ${response.status}`,
      );
    }
    text = await readBounded(response);
  } catch (e) {
    if (e instanceof ExplorerError) throw e;
    throw failedFetch(e);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new ExplorerError('The block explorer answered something that is not JSON', { cause: e });
  }
}

const unreadable = (action: string) => new ExplorerError(`The block explorer’s answer to ${action} was not understood`);

/** The transaction, or undefined when the explorer does not know it (a forged hash, or one not yet seen). */
export async function fetchTransaction(
  options: ExplorerOptions,
  txHash: string,
): Promise<ExplorerTransaction | undefined> {
  const body = await ask(options, 'gettxinfo', txHash);
  if (Refused.safeParse(body).success) return undefined;
  const parsed = TxInfo.safeParse(body);
  if (!parsed.success) throw unreadable('gettxinfo');
  const { from, to, value } = parsed.data.result;
  return { from: from.toLowerCase(), to: to ? to.toLowerCase() : null, value };
}

/** '1' succeeded, '0' failed, '' no receipt yet (a refusal is read as no receipt yet). */
export async function fetchReceiptStatus(options: ExplorerOptions, txHash: string): Promise<'1' | '0' | ''> {
  const body = await ask(options, 'gettxreceiptstatus', txHash);
  if (Refused.safeParse(body).success) return '';
  const parsed = ReceiptStatus.safeParse(body);
  if (!parsed.success) throw unreadable('gettxreceiptstatus');
  return parsed.data.result.status;
}
