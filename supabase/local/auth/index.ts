// Placeholder until the auth service lands.
import type { StackContext } from '../context.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';

export async function handleAuth(_req: ApiRequest, _ctx: StackContext): Promise<ApiResponse> {
  return { status: 501, body: { message: 'auth is not implemented yet' } };
}
