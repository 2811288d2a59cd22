// /functions/v1/{name}: runs the Edge Functions of supabase/functions in this process, as the hosted Functions API
// does: the JWT or API key checked first (verify_jwt, hosted's default), then the function's own handler with a Request,
// counted among its caller's calls in flight (functionCalls.ts).
// Each function folder has a runtime-neutral handler.ts exporting createHandler(env); index.ts is for Deno.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Env } from '../functions/_shared/env.ts';
import type { StackContext } from './context.ts';
import { apiKeyClaims } from './apiKeys.ts';
import { ApiError, header, type ApiRequest, type ApiResponse } from './http.ts';
import type { JwtClaims } from './db.ts';
import type { FunctionCaller } from './functionCalls.ts';
import { authorizationBearer, verifyJwt } from './jwt.ts';
// The functions' supabase-js clients need a WebSocket class to exist on Node 20, as `npm start` runs them.
import './noRealtimeSocket.ts';

type FunctionHandler = (req: Request) => Promise<Response>;
interface FunctionModule {
  createHandler(env: Env): FunctionHandler;
}

const FUNCTIONS_DIR = fileURLToPath(new URL('../functions/', import.meta.url));
/** A function's name as the Supabase CLI accepts it; folders starting with _ are shared code, not functions. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export class LocalFunctions {
  private readonly loaded = new Map<string, Promise<FunctionHandler>>();

  constructor(private readonly env: Env) {}

  /** The handler of a function in supabase/functions, or undefined when there is no such function. */
  handler(name: string): Promise<FunctionHandler> | undefined {
    if (!NAME.test(name) || !existsSync(join(FUNCTIONS_DIR, name, 'handler.ts'))) return undefined;
    let handler = this.loaded.get(name);
    if (!handler) {
      const url = pathToFileURL(join(FUNCTIONS_DIR, name, 'handler.ts')).href;
      handler = (import(url) as Promise<FunctionModule>).then((module) => module.createHandler(this.env));
      this.loaded.set(name, handler);
    }
    return handler;
  }
}

const notFound = () => new ApiError(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });

async function toApiResponse(response: Response): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'content-length' && key !== 'transfer-encoding') headers[key] = value;
  });
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

export async function handleFunctions(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const name = req.path.split('/')[1] ?? '';
  const handler = ctx.functions.handler(name);
  if (!handler) throw notFound();
  // verify_jwt takes a publishable or secret key on the apikey header too, as hosted's does for callers that send one.
  const apikey = header(req, 'apikey');
  const token = authorizationBearer(req.headers) ?? (apikey && apiKeyClaims(ctx.keys.api, apikey) ? apikey : undefined);
  if (token === undefined) throw new ApiError(401, { code: 401, message: 'Missing authorization header' });
  const verified = await verifyJwt(ctx.keys, token);
  if (!verified.ok) throw new ApiError(401, { code: 401, message: 'Invalid JWT' });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(`${ctx.apiUrl}/functions/v1${req.path}${req.url.search}`, {
    method: req.method,
    headers,
    body: hasBody ? new Uint8Array(req.body) : undefined,
  });
  const run = await handler;
  return ctx.functionCalls.run(callerOf(verified.claims, req), async () => toApiResponse(await run(request)));
}

function callerOf(claims: JwtClaims, req: ApiRequest): FunctionCaller {
  if (claims.role === 'service_role') return { kind: 'service' };
  if (typeof claims.sub === 'string') return { kind: 'member', id: claims.sub };
  return { kind: 'address', address: req.remoteAddress };
}

/**
 * Calls a function as the service role, as a hosted webhook or schedule does, with a JSON body: with the secret key on
 * the apikey header, and the legacy service_role key as the bearer while the legacy keys are on.
 */
export async function invokeAsService(
  ctx: Pick<StackContext, 'functions' | 'functionCalls' | 'apiUrl' | 'keys'>,
  name: string,
  body: unknown,
): Promise<Response> {
  const handler = ctx.functions.handler(name);
  if (!handler) throw new Error(`supabase/functions/${name} is missing`);
  const run = await handler;
  return ctx.functionCalls.run({ kind: 'service' }, () =>
    run(
      new Request(`${ctx.apiUrl}/functions/v1/${name}`, {
        method: 'POST',
        headers: {
          apikey: ctx.keys.api.secretKey,
          ...(ctx.keys.api.legacyKeys && { authorization: `Bearer ${ctx.keys.serviceKey}` }),
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      }),
    ),
  );
}
