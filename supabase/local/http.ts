// The plumbing every endpoint shares: request and response shapes, body limits, and protocol-shaped errors.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

export interface ApiRequest {
  method: string;
  /** Path below the service prefix, e.g. "/threads" for /rest/v1/threads. */
  path: string;
  url: URL;
  headers: IncomingHttpHeaders;
  /** The caller's IP, as the socket sees it: what the per-IP auth limits count (no proxy header is trusted). */
  remoteAddress: string;
  body: Buffer;
}

export interface ApiResponse {
  status: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; Buffers and strings as they are. */
  body?: unknown;
}

/** An error that becomes a response as it is: `body` is already in the protocol's own error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly kind = 'error',
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : typeof body.msg === 'string' ? body.msg : kind);
  }
}

/** `drained`: the whole body was read (and thrown away), so the connection can carry the next request. */
export class BodyTooLarge extends Error {
  constructor(
    message: string,
    readonly drained: boolean,
  ) {
    super(message);
  }
}

/** How far past its limit a body is still read and thrown away rather than the connection closed. */
const DRAIN_LIMIT = 8 * 1024 * 1024;

/**
 * Reads a body of at most `limit` bytes. An oversized one is read to its end without being kept, because a
 * response sent while the rest of it is unread leaves that rest where the next request on the connection should be.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = (drained: boolean) => new BodyTooLarge(`Payload larger than ${limit} bytes`, drained);
  if (Number(req.headers['content-length']) > limit + DRAIN_LIMIT) return Promise.reject(tooLarge(false));
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onFailure);
      req.off('close', onFailure);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks = [];
      if (size > limit + DRAIN_LIMIT) {
        stop();
        req.pause();
        reject(tooLarge(false));
      }
    };
    const onEnd = () => {
      stop();
      if (size > limit) reject(tooLarge(true));
      else resolve(Buffer.concat(chunks));
    };
    const onFailure = (error?: Error) => {
      stop();
      reject(error ?? new Error('The request was closed before its body ended'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onFailure);
    req.on('close', onFailure);
  });
}

/** After a 413 that closes the connection: how much more of the body is read, and for how long, before it is cut. */
const LINGER_BYTES = 128 * 1024 * 1024;
const LINGER_MS = 15_000;

/**
 * Ends `res` (already written, with `connection: close`) once the rest of the request's body has been read and thrown
 * away, or once LINGER_BYTES or LINGER_MS are spent. Closing a socket with unread bytes resets the connection, and
 * a client still writing its body then met EPIPE instead of reading the 413 (as nginx's lingering close avoids).
 */
export function endAfterBody(req: IncomingMessage, res: ServerResponse): void {
  let read = 0;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', finish);
    req.off('close', finish);
    req.off('error', finish);
    res.end();
  };
  const onData = (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER_BYTES) finish();
  };
  const timer = setTimeout(finish, LINGER_MS);
  timer.unref();
  if (req.readableEnded || req.destroyed) return finish();
  req.on('data', onData);
  req.on('end', finish);
  req.on('close', finish);
  req.on('error', finish);
  req.resume();
}

/** `lingerOn`: the answer is written at once, but the response ends only after that request's body (endAfterBody). */
export function send(
  res: ServerResponse,
  out: ApiResponse,
  head: boolean,
  extraHeaders: Record<string, string> = {},
  lingerOn?: IncomingMessage,
) {
  const headers: Record<string, string> = { ...extraHeaders, ...out.headers };
  let payload: Buffer | undefined;
  if (Buffer.isBuffer(out.body)) payload = out.body;
  else if (typeof out.body === 'string') payload = Buffer.from(out.body);
  else if (out.body !== undefined) {
    payload = Buffer.from(JSON.stringify(out.body));
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  if (payload) headers['content-length'] = String(payload.length);
  res.writeHead(out.status, headers);
  if (!lingerOn) {
    res.end(head ? undefined : payload);
    return;
  }
  if (payload && !head) res.write(payload);
  endAfterBody(lingerOn, res);
}

export function header(req: ApiRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** Parses a JSON body, answering 400 in `shape` when it is not JSON. */
export function jsonBody(req: ApiRequest, onInvalid: (message: string) => ApiError): unknown {
  const text = req.body.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw onInvalid(e instanceof Error ? e.message : 'Invalid JSON');
  }
}
