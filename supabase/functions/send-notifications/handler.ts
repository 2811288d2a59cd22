// send-notifications: delivers the due notification deliveries by email and web push. Called by a Database Webhook
// on each notification insert (and by a schedule, for retries) on hosted Supabase; by the local stack likewise.
// Only the service role may call it: the webhook sends a secret key (or the legacy service_role key) with it.
import { isServiceRole } from '../_shared/serviceRole.ts';
import { runtimeEnv, type Env } from '../_shared/env.ts';
import { DEFAULT_OPTIONS, deliverDue, type DeliverOptions } from './deliver.ts';
import { readSettings } from './settings.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function readJsonBody(req: Request): Promise<boolean> {
  const text = await req.text();
  if (text.trim() === '') return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function createHandler(env: Env = runtimeEnv, options: DeliverOptions = DEFAULT_OPTIONS) {
  return async (req: Request): Promise<Response> => {
    const settings = readSettings(env);
    if (typeof settings === 'string') return json(500, { error: `send-notifications is not set up: ${settings}` });
    if (req.method !== 'POST') return json(405, { error: 'Use POST' });
    if (!isServiceRole(req, settings.serviceKeys)) {
      return json(403, { error: 'Only the service role may run the notification sender' });
    }
    // The webhook's payload names the new row; the sender delivers whatever is due, that row included.
    if (!(await readJsonBody(req))) return json(400, { error: 'The body must be JSON (a webhook payload) or empty' });
    try {
      return json(200, await deliverDue(settings, options));
    } catch (e) {
      return json(502, { error: e instanceof Error ? e.message : String(e) });
    }
  };
}
