// The plumbing every endpoint shares: request and response shapes, body limits, and protocol-shaped errors.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

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

export class BodyTooLarge extends Error {}

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge(`Payload larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
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
