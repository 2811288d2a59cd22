// The wait a rate-limit refusal names, read from the database's details. Apart from errors.ts, whose readers on the
// page (settle.ts) need no zod: only the outbox's sender reads a refusal's wait.
import { z } from 'zod';
import { jsonOrNull } from '../lib/jsonOrNull.ts';
import { RATE_LIMIT_CODE, type BackendFailure } from './errors.ts';

/** Which limit refused a write, and after how many seconds the same write will be taken. */
interface RateLimit {
  limit: string;
  retryAfterS: number;
}

const RATE_LIMIT_DETAILS = z.object({ limit: z.string().min(1), retry_after_s: z.number().int().min(1) });

/** The rate limit a refusal names; null for any other failure, or a 429 without the database's details. */
export function rateLimitOf(failure: BackendFailure): RateLimit | null {
  if (failure.code !== RATE_LIMIT_CODE || !failure.details) return null;
  const parsed = RATE_LIMIT_DETAILS.safeParse(jsonOrNull(failure.details));
  return parsed.success ? { limit: parsed.data.limit, retryAfterS: parsed.data.retry_after_s } : null;
}
