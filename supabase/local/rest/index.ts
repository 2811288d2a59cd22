// Placeholder until the rest service lands.
import type { StackContext } from '../context.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';

export async function handleRest(_req: ApiRequest, _ctx: StackContext): Promise<ApiResponse> {
  return { status: 501, body: { message: 'rest is not implemented yet' } };
}
