// /local/v1: endpoints that exist only in the local stack (config for the app and tests).
// The URL is the origin the caller reached us on, so localhost and 127.0.0.1 both stay same-origin.
import type { StackContext } from './context.ts';
import { ApiError, type ApiRequest, type ApiResponse } from './http.ts';

export async function handleLocal(req: ApiRequest, ctx: StackContext): Promise<ApiResponse> {
  if (req.method === 'GET' && req.path === '/v1/config') {
    return { status: 200, headers: { 'cache-control': 'no-store' }, body: { url: req.url.origin, anonKey: ctx.keys.anonKey } };
  }
  throw new ApiError(404, { message: `No local endpoint ${req.method} ${req.path}` });
}
