// Reads a request's JSON body against a zod schema, answering GoTrue's bad_json and validation_failed errors.
import type { z } from 'zod';
import { jsonBody, type ApiRequest } from '../http.ts';
import { authError, validationFailed } from './errors.ts';

export function parseInput<T extends z.ZodType>(req: ApiRequest, schema: T): z.output<T> {
  const raw = jsonBody(req, (m) => authError(400, 'bad_json', `Could not parse request body as JSON: ${m}`)) ?? {};
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw validationFailed(`${where}${issue?.message ?? 'Invalid request body'}`);
  }
  return parsed.data;
}

/**
 * GoTrue's check (checkmail.ValidateFormat): printable ASCII a mailbox allows before the @, host labels after it;
 * so a control character (a NUL, say) is an invalid format rather than a database error.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
