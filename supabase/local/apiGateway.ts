// Hosted Supabase's API gateway in front of /rest/v1, /auth/v1, /storage/v1 and /functions/v1: the keys a request
// carries are checked (apiKeys.ts) before any service sees it, and a refusal is the gateway's own 401.
import { apiKeyRefusal } from './apiKeys.ts';
import { ApiError, header, type ApiRequest } from './http.ts';
import { authorizationBearer, type JwtKeys } from './jwt.ts';

export function assertApiKeys(req: ApiRequest, keys: JwtKeys): void {
  const apikey = header(req, 'apikey') ?? req.url.searchParams.get('apikey') ?? undefined;
  const refused = apiKeyRefusal(keys.api, { apikey, bearer: authorizationBearer(req.headers) }, req.headers);
  if (refused) throw new ApiError(refused.status, refused.body, 'error', { 'sb-error-code': refused.code });
}
