// One REST request as the handlers see it, and the transaction it runs in as the JWT's role.
import type { StackContext } from '../context.ts';
import { asRole, type JwtClaims, type Queryable } from '../db.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';
import type { Preferences } from './prefer.ts';
import type { Accept } from './negotiation.ts';
import type { SchemaCache } from './schemaCache.ts';

export interface RestCall {
  req: ApiRequest;
  ctx: StackContext;
  claims: JwtClaims;
  cache: SchemaCache;
  prefs: Preferences;
  accept: Accept;
}

/** Thrown inside the transaction to roll it back (Prefer: tx=rollback) while still answering `response`. */
class RollbackWith {
  constructor(readonly response: ApiResponse) {}
}

/** Runs `fn` in one transaction as the caller's role; with tx=rollback the work is undone and its answer kept. */
export async function inTransaction(call: RestCall, fn: (tx: Queryable) => Promise<ApiResponse>): Promise<ApiResponse> {
  try {
    return await asRole(call.ctx.db, call.claims, async (tx) => {
      const response = await fn(tx);
      if (call.prefs.rollback) throw new RollbackWith(response);
      return response;
    });
  } catch (e) {
    if (e instanceof RollbackWith) return e.response;
    throw e;
  }
}

/** Counts come back as int8: a string from node-postgres, a bigint or number from PGlite. */
export function toCount(value: unknown): number {
  return Number(value ?? 0);
}
