// POST /logout?scope=global|local|others: ends sessions, and with them their refresh tokens.
import type { StackContext } from '../context.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';
import { validationFailed } from './errors.ts';
import { requireUser } from './guard.ts';
import { endSessions } from './sessions.ts';

const SCOPES = ['global', 'local', 'others'] as const;
type Scope = (typeof SCOPES)[number];

export async function logout(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  const scope = req.url.searchParams.get('scope') ?? 'global';
  if (!SCOPES.includes(scope as Scope)) {
    throw validationFailed(`Unsupported logout scope "${scope}"; use global, local or others`);
  }
  const { user, sessionId } = await requireUser(req, ctx);
  await ctx.db.transaction((tx) => endSessions(tx, user.id, scope as Scope, sessionId));
  return { status: 204 };
}
