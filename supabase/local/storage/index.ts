// Placeholder until the storage service lands.
import type { StackContext } from '../context.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';

export async function handleStorage(_req: ApiRequest, _ctx: StackContext): Promise<ApiResponse> {
  return { status: 501, body: { message: 'storage is not implemented yet' } };
}
