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

async function ask(options: ExplorerOptions, action: string, txHash: string): Promise<unknown> {
  const url = new URL('api', options.explorerUrl.replace(/\/*$/, '/'));
  url.search = new URLSearchParams({ module: 'transaction', action, txhash: txHash }).toString();
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (e) {
    const timedOut = e instanceof Error && e.name === 'TimeoutError';
    throw new ExplorerError(
      timedOut ? 'The block explorer did not answer in time' : 'The block explorer could not be reached',
      { cause: e },
    );
  }
  if (!response.ok) throw new ExplorerError(`The block explorer answered ${response.status}`);
  try {
    return (await response.json()) as unknown;
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
