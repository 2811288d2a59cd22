// /rest/v1: the PostgREST-compatible service; every request runs as its JWT's role in one transaction, so RLS decides.
import type { StackContext } from '../context.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';
import type { RestCall } from './call.ts';
import { pgrstError, toApiError, unknownTable } from './errors.ts';
import { embedRowsError } from './limits.ts';
import { parsePrefer } from './prefer.ts';
import { readTable } from './read.ts';
import { checkProfile, parseAccept } from './negotiation.ts';
import { callRpc } from './rpc.ts';
import { reloadedSchemaCache, schemaCache, type SchemaCache } from './schemaCache.ts';
import { claimsOf } from './verifiedTokens.ts';
import { writeTable } from './write.ts';

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw pgrstError(400, 'PGRST100', `failed to parse path (${segment})`, 'invalid percent-encoding');
  }
}

/** The cache, reloaded once when it does not know `has` (a table or function created after it was read). */
async function cacheKnowing(ctx: StackContext, has: (cache: SchemaCache) => boolean): Promise<SchemaCache> {
  const cache = await schemaCache(ctx.db);
  return has(cache) ? cache : reloadedSchemaCache(ctx.db, cache);
}

async function route(req: ApiRequest, ctx: StackContext, base: Omit<RestCall, 'cache'>): Promise<ApiResponse> {
  const segments = req.path.split('/').filter((s) => s !== '');
  if (segments[0] === 'rpc' && segments.length === 2) {
    const name = decodeSegment(segments[1]!);
    if (!['GET', 'HEAD', 'POST'].includes(req.method)) throw unsupportedMethod(req.method);
    const cache = await cacheKnowing(ctx, (c) => c.functions.has(name));
    return callRpc({ ...base, cache }, name);
  }
  if (segments.length !== 1) {
    throw pgrstError(404, 'PGRST125', `Invalid path specified in request URL: ${req.path}`);
  }
  const name = decodeSegment(segments[0]!);
  const cache = await cacheKnowing(ctx, (c) => c.relations.has(name));
  const relation = cache.relations.get(name);
  if (!relation) throw unknownTable(name);
  const call = { ...base, cache };
  switch (req.method) {
    case 'GET':
    case 'HEAD':
      return readTable(call, relation);
    case 'POST':
    case 'PATCH':
    case 'DELETE':
      return writeTable(call, relation, req.method);
    default:
      throw unsupportedMethod(req.method);
  }
}

function unsupportedMethod(method: string) {
  return pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

export async function handleRest(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const claims = await claimsOf(ctx.keys, req);
  // PostgREST's rule for 42501: 401 when the request had no signed-in role, 403 when it had one.
  const authenticated = claims.role !== 'anon';
  try {
    checkProfile(req);
    const base = { req, ctx, claims, prefs: parsePrefer(req.headers['prefer']), accept: parseAccept(req) };
    return await route(req, ctx, base);
  } catch (e) {
    throw toApiError(embedRowsError(e) ?? e, authenticated);
  }
}
