import { describe, expect, it } from 'vitest';
import {
  fetchBalance,
  fetchTransactions,
  parseBalance,
  parseTransactions,
  type ExplorerRequest,
  type WalletTransaction,
} from './explorer.ts';

const EXPLORER = 'https://explorer.guapcoinx.com/';
const ME = '0xAbC0000000000000000000000000000000000001';
const OTHER = '0xdef0000000000000000000000000000000000002';

/** A txlist entry as Blockscout gives it, received by the member unless told otherwise. */
function entry(fields: Record<string, unknown> = {}) {
  return {
    blockNumber: '123',
    timeStamp: '1767225600',
    hash: '0xhash',
    nonce: '0',
    from: OTHER,
    to: ME.toLowerCase(),
    value: '1000000000000000000',
    gas: '21000',
    gasPrice: '1000000000',
    isError: '0',
    txreceipt_status: '1',
    input: '0x',
    contractAddress: '',
    cumulativeGasUsed: '21000',
    gasUsed: '21000',
    confirmations: '5',
    ...fields,
  };
}

const txlist = (result: unknown) => ({ status: '1', message: 'OK', result });
const NO_TRANSACTIONS = { status: '0', message: 'No transactions found', result: [] };

function parsedList(body: unknown): WalletTransaction[] {
  const parsed = parseTransactions(body, ME);
  if (!parsed.ok) throw new Error(`expected a list, got ${parsed.reason}: ${parsed.detail}`);
  return parsed.value;
}

describe('parseBalance', () => {
  it('answers the wei string, however large', () => {
    expect(parseBalance({ status: '1', message: 'OK', result: '1230000000000000000' })).toEqual({
      ok: true,
      value: '1230000000000000000',
    });
    const huge = (10n ** 30n).toString();
    expect(parseBalance({ status: '1', message: 'OK', result: huge })).toEqual({ ok: true, value: huge });
  });

  it("reports the explorer's refusal with its text", () => {
    const parsed = parseBalance({ status: '0', message: 'NOTOK', result: 'Invalid address format' });
    expect(parsed).toEqual({ ok: false, reason: 'refused', detail: 'NOTOK: Invalid address format' });
    expect(parseBalance({ status: '0', message: 'Invalid address hash', result: null })).toMatchObject({
      ok: false,
      reason: 'refused',
      detail: 'Invalid address hash',
    });
  });

  it.each([
    ['not an object', 'OK'],
    ['null', null],
    ['a list', []],
    ['no result', { status: '1', message: 'OK' }],
    ['no status', { message: 'OK', result: '1' }],
    ['a numeric result', { status: '1', message: 'OK', result: 1 }],
    ['a fractional result', { status: '1', message: 'OK', result: '1.5' }],
    ['a negative result', { status: '1', message: 'OK', result: '-3' }],
    ['a hex result', { status: '1', message: 'OK', result: '0x10' }],
    ['a list result', { status: '1', message: 'OK', result: [] }],
  ])('fails as malformed on %s', (_case, body) => {
    expect(parseBalance(body)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});

describe('parseTransactions', () => {
  it('maps a received entry', () => {
    expect(parsedList(txlist([entry()]))).toEqual([
      {
        hash: '0xhash',
        from: OTHER,
        to: ME.toLowerCase(),
        value: '1000000000000000000',
        timestamp: '2026-01-01T00:00:00.000Z',
        status: 'success',
        gasUsed: '21000',
        gasPrice: '1000000000',
        blockNumber: 123,
        direction: 'Received',
        counterpart: OTHER,
      },
    ]);
  });

  it('sees a sent entry whatever the case of the addresses, with the recipient as counterpart', () => {
    const [sent] = parsedList(txlist([entry({ from: ME.toLowerCase(), to: OTHER.toUpperCase() })]));
    expect(sent).toMatchObject({ direction: 'Sent', counterpart: OTHER.toUpperCase() });
    const asLowerCase = parseTransactions(txlist([entry({ from: ME })]), ME.toLowerCase());
    expect(asLowerCase.ok && asLowerCase.value[0]?.direction).toBe('Sent');
  });

  it('shows a transfer to oneself as sent', () => {
    const [self] = parsedList(txlist([entry({ from: ME, to: ME })]));
    expect(self).toMatchObject({ direction: 'Sent', counterpart: ME });
  });

  it('names the new contract as the counterpart of a contract creation', () => {
    const [creation] = parsedList(txlist([entry({ from: ME, to: '', contractAddress: OTHER })]));
    expect(creation).toMatchObject({ direction: 'Sent', to: '', counterpart: OTHER });
  });

  it.each([
    ['isError 1', 'failed', { isError: '1', txreceipt_status: '1' }],
    ['a receipt status 0', 'failed', { isError: '0', txreceipt_status: '0' }],
    ['an empty receipt status', 'success', { txreceipt_status: '' }],
    ['no receipt status', 'success', { txreceipt_status: undefined }],
  ])('reads %s as %s', (_case, status, fields) => {
    expect(parsedList(txlist([entry(fields)]))[0]?.status).toBe(status);
  });

  it('keeps the first 20 in the order given, and does not read past them', () => {
    const entries = Array.from({ length: 25 }, (_, i) => entry({ hash: `0x${i}` }));
    entries[22] = entry({ value: 'not a number' });
    expect(parsedList(txlist(entries)).map((t) => t.hash)).toEqual(Array.from({ length: 20 }, (_, i) => `0x${i}`));
  });

  it('answers an empty list for "No transactions found"', () => {
    expect(parseTransactions(NO_TRANSACTIONS, ME)).toEqual({ ok: true, value: [] });
    expect(parseTransactions(txlist([]), ME)).toEqual({ ok: true, value: [] });
  });

  it("reports the explorer's refusal with its text", () => {
    const body = { status: '0', message: 'NOTOK', result: 'Max rate limit reached' };
    expect(parseTransactions(body, ME)).toEqual({
      ok: false,
      reason: 'refused',
      detail: 'NOTOK: Max rate limit reached',
    });
  });

  it.each([
    ['not an object', 'No transactions found'],
    ['null', null],
    ['no result', { status: '1', message: 'OK' }],
    ['a result that is not a list', { status: '1', message: 'OK', result: 'oops' }],
    ['a result that is an object', { status: '1', message: 'OK', result: { 0: entry() } }],
    ['an entry that is not an object', txlist([entry(), 'tx'])],
  ])('fails as malformed on %s', (_case, body) => {
    expect(parseTransactions(body, ME)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it.each([
    ['hash', { hash: undefined }],
    ['from', { from: undefined }],
    ['to', { to: undefined }],
    ['value', { value: undefined }],
    ['value', { value: '1.5' }],
    ['value', { value: '-1' }],
    ['value', { value: '0x10' }],
    ['value', { value: 1000 }],
    ['timeStamp', { timeStamp: 'yesterday' }],
    ['timeStamp', { timeStamp: '99999999999999' }],
    ['isError', { isError: 'no' }],
    ['txreceipt_status', { txreceipt_status: 'ok' }],
    ['gasUsed', { gasUsed: '' }],
    ['gasPrice', { gasPrice: '1 gwei' }],
    ['blockNumber', { blockNumber: '99999999999999999999' }],
  ])('fails the whole list, naming %s, when one entry has it wrong', (field, fields) => {
    const parsed = parseTransactions(txlist([entry(), entry(fields)]), ME);
    expect(parsed).toMatchObject({ ok: false, reason: 'malformed' });
    expect(parsed.ok ? '' : parsed.detail).toContain(`result.1.${field}`);
  });
});

/** A fetch that answers every request with this body and status, and notes the URLs asked. */
function answering(body: string, status = 200) {
  const urls: string[] = [];
  const request: ExplorerRequest = {
    fetch: async (input) => {
      urls.push(String(input));
      return new Response(body, { status });
    },
  };
  return { urls, request };
}

/** A fetch that never answers, and fails as the browser's does when its signal aborts. */
const silent: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    const signal = init?.signal;
    signal?.addEventListener('abort', () => reject(signal.reason));
  });

describe('fetchBalance and fetchTransactions', () => {
  it('ask the API under the explorer URL', async () => {
    const { urls, request } = answering(JSON.stringify(NO_TRANSACTIONS));
    await fetchBalance(EXPLORER, ME, request);
    await fetchTransactions(EXPLORER, ME, request);
    await fetchTransactions('http://127.0.0.1:4000/explorer', ME, request);
    expect(urls).toEqual([
      `https://explorer.guapcoinx.com/api?module=account&action=balance&address=${ME}`,
      `https://explorer.guapcoinx.com/api?module=account&action=txlist&address=${ME}&sort=desc&page=1&offset=20`,
      `http://127.0.0.1:4000/explorer/api?module=account&action=txlist&address=${ME}&sort=desc&page=1&offset=20`,
    ]);
  });

  it('answer the parsed body', async () => {
    const balance = answering(JSON.stringify({ status: '1', message: 'OK', result: '42' }));
    expect(await fetchBalance(EXPLORER, ME, balance.request)).toEqual({ ok: true, value: '42' });
    const history = answering(JSON.stringify(txlist([entry({ from: ME.toLowerCase() })])));
    const answer = await fetchTransactions(EXPLORER, ME, history.request);
    expect(answer.ok && answer.value.map((t) => t.direction)).toEqual(['Sent']);
  });

  it('answer no transactions as an empty list', async () => {
    const { request } = answering(JSON.stringify(NO_TRANSACTIONS));
    expect(await fetchTransactions(EXPLORER, ME, request)).toEqual({ ok: true, value: [] });
  });

  it('turn an error status into an http failure', async () => {
    const { request } = answering('Internal Server Error', 500);
    expect(await fetchTransactions(EXPLORER, ME, request)).toEqual({ ok: false, reason: 'http', detail: 'HTTP 500' });
    expect(await fetchBalance(EXPLORER, ME, answering('', 404).request)).toMatchObject({ ok: false, reason: 'http' });
  });

  it('turn a body that is not JSON into a malformed failure', async () => {
    const { request } = answering('<html>Bad gateway</html>');
    expect(await fetchTransactions(EXPLORER, ME, request)).toEqual({
      ok: false,
      reason: 'malformed',
      detail: 'body: not JSON',
    });
  });

  it('turn a JSON body of the wrong shape into a malformed failure', async () => {
    const { request } = answering(JSON.stringify(txlist([entry({ value: 'lots' })])));
    expect(await fetchTransactions(EXPLORER, ME, request)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('turn a network error into a network failure', async () => {
    const request: ExplorerRequest = { fetch: () => Promise.reject(new TypeError('Failed to fetch')) };
    expect(await fetchTransactions(EXPLORER, ME, request)).toEqual({
      ok: false,
      reason: 'network',
      detail: 'Failed to fetch',
    });
  });

  it('turn a connection cut during the body into a network failure', async () => {
    const cut = new ReadableStream({ start: (controller) => controller.error(new TypeError('terminated')) });
    const request: ExplorerRequest = { fetch: async () => new Response(cut) };
    expect(await fetchBalance(EXPLORER, ME, request)).toMatchObject({ ok: false, reason: 'network' });
  });

  it('turn no answer in time into a timeout failure', async () => {
    const answer = await fetchTransactions(EXPLORER, ME, { fetch: silent, timeoutMs: 20 });
    expect(answer).toEqual({ ok: false, reason: 'timeout', detail: 'no answer within 20 ms' });
  });

  it("tell the caller's own abort from a timeout", async () => {
    const caller = new AbortController();
    const pending = fetchTransactions(EXPLORER, ME, { fetch: silent, signal: caller.signal, timeoutMs: 5_000 });
    caller.abort();
    expect(await pending).toMatchObject({ ok: false, reason: 'aborted' });
  });
});
