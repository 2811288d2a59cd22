// The Supabase services the stack imitates, found by path prefix: each with its body limit, its errors in its own
// shape, and whether it answers other origins and waits for the client's turn at the database.
import { handleAuth } from './auth/index.ts';
import type { StackContext } from './context.ts';
import { handleFunctions } from './functions.ts';
import type { ApiRequest, ApiResponse } from './http.ts';
import { handleLocal } from './local.ts';
import { handleMailApi } from './mailApi.ts';
import { handleRest } from './rest/index.ts';
import { handleStorage } from './storage/index.ts';

export type Handler = (req: ApiRequest, ctx: StackContext) => Promise<ApiResponse>;

/** What a service answers when a body is over its limit, and when the stack itself failed: each in its own shape. */
interface ServiceErrors {
  tooLarge(message: string): object;
  internal: object;
}

export interface Service {
  prefix: string;
  handler: Handler;
  bodyLimit: number;
  errors: ServiceErrors;
  /** Open CORS, as hosted: the API authenticates by bearer token, never by cookie, so any origin may call it. */
  cors: boolean;
  /** Behind hosted's API gateway, which checks the request's API keys first (apiGateway.ts). */
  gateway: boolean;
  /**
   * Present when the service waits for the client's turn at the database (fairQueue.ts): its 429, in its own shape,
   * for a client with too many requests waiting. Not the functions: a function holds no turn while it runs (its own
   * requests back to /rest/v1 and /auth/v1 would wait behind it); those requests take their turns as the member it
   * runs for, and a member has a bounded number of calls in flight (functionCalls.ts).
   */
  busy?(message: string, retryAfterS: number): object;
}

const services: Service[] = [
  {
    prefix: '/rest/v1',
    handler: handleRest,
    gateway: true,
    cors: true,
    bodyLimit: 1024 * 1024,
    errors: {
      tooLarge: (message) => ({ code: 'PGRST413', message, details: null, hint: null }),
      internal: { code: 'XX000', message: 'Internal Server Error', details: null, hint: null },
    },
    // The posting limits' shape, which the app's outbox already waits on.
    busy: (message, s) => ({
      code: 'PT429',
      message,
      details: { limit: 'requests_waiting', retry_after_s: s },
      hint: null,
    }),
  },
  {
    prefix: '/auth/v1',
    handler: handleAuth,
    gateway: true,
    cors: true,
    bodyLimit: 64 * 1024,
    errors: {
      tooLarge: (msg) => ({ code: 413, error_code: 'request_too_large', msg }),
      internal: { code: 500, error_code: 'unexpected_failure', msg: 'Internal Server Error' },
    },
    busy: (msg) => ({ code: 429, error_code: 'over_request_rate_limit', msg }),
  },
  // Large enough to read a file past the biggest bucket limit, so the bucket's own limit answers.
  {
    prefix: '/storage/v1',
    handler: handleStorage,
    gateway: true,
    cors: true,
    bodyLimit: 50 * 1024 * 1024,
    errors: {
      tooLarge: (message) => ({ statusCode: '413', error: 'Payload too large', message }),
      internal: { statusCode: '500', error: 'internal', message: 'Internal Server Error' },
    },
    busy: (message) => ({ statusCode: '429', error: 'too_many_requests', message }),
  },
  // As hosted: any origin may call a function (supabase-js functions.invoke from the app); the JWT is checked first.
  {
    prefix: '/functions/v1',
    handler: handleFunctions,
    gateway: true,
    cors: true,
    bodyLimit: 1024 * 1024,
    errors: {
      tooLarge: (message) => ({ code: 413, message }),
      internal: { code: 500, message: 'Internal Server Error' },
    },
  },
  // The local endpoints answer their own origin only (local.ts), so they send no CORS headers. The mail API comes
  // first: its bodies are mails, larger than the rest of /local takes.
  {
    prefix: '/local/v1/emails',
    handler: handleMailApi,
    gateway: false,
    cors: false,
    bodyLimit: 256 * 1024,
    errors: {
      tooLarge: (message) => ({ statusCode: 413, name: 'request_too_large', message }),
      internal: { statusCode: 500, name: 'internal_server_error', message: 'Internal Server Error' },
    },
  },
  {
    prefix: '/local',
    handler: handleLocal,
    gateway: false,
    cors: false,
    bodyLimit: 1024,
    errors: {
      tooLarge: (message) => ({ message }),
      internal: { message: 'Internal Server Error' },
    },
  },
];

export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, content-type, prefer, range, range-unit, accept, accept-profile, content-profile, x-client-info, x-upsert, cache-control, x-supabase-api-version, x-region',
  'access-control-expose-headers': 'content-range, content-location, location, x-supabase-api-version',
};

/** The service a path belongs to; undefined for the paths the web host answers. */
export function serviceFor(pathname: string): Service | undefined {
  return services.find((s) => pathname === s.prefix || pathname.startsWith(s.prefix + '/'));
}
