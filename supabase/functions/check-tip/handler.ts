// check-tip: settles a pending tip from the block explorer. A tip is confirmed only when its transaction came from
// the tipper's verified address (else the tip is removed, 403) and went to the tip's address with exactly its amount
// and its receipt says it succeeded; a forged hash stays pending and never
// counts. Any signed-in member may ask about one tip (the sender after sending, the recipient or a viewer later);
// the service role, on a schedule, asks with {due: true} about every pending tip whose next check is due.
import { z } from 'zod';
import { json, preflight, readJson } from '../_shared/answers.ts';
import { callerOf, keyRefusedAnswer, readProjectSettings, serviceClient } from '../_shared/clients.ts';
import { runtimeEnv, type Env } from '../_shared/env.ts';
import { isServiceRole } from '../_shared/serviceRole.ts';
import { checkDueTips } from './due.ts';
import { DEFAULT_EXPLORER_URL, ExplorerError, type ExplorerOptions } from './receipt.ts';
import { FOREIGN_TIP, settle, verdictOf, type TipRow, type TipStatus } from './verdict.ts';

export interface CheckTipOptions {
  /** How long one explorer call may take. */
  explorerTimeoutMs: number;
}

const DEFAULT_OPTIONS: CheckTipOptions = { explorerTimeoutMs: 10_000 };

const CheckRequest = z.object(
  { tip_id: z.uuid({ error: 'tip_id must be the id of a tip (a UUID)' }) },
  { error: 'The body must be a JSON object: {tip_id}' },
);
/** The schedule's request. */
const DueRequest = z.object({ due: z.literal(true) }).strict();

export function createHandler(env: Env = runtimeEnv, options: CheckTipOptions = DEFAULT_OPTIONS) {
  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return preflight();
    const settings = readProjectSettings(env);
    if (typeof settings === 'string') return json(500, { error: `check-tip is not set up: ${settings}` });
    if (req.method !== 'POST') return json(405, { error: 'Use POST' });
    const service = isServiceRole(req, settings.serviceKeys);
    const caller = service ? {} : await callerOf(req, settings);
    if (caller.keyRefused) return json(500, { error: keyRefusedAnswer('check-tip', caller.keyRefused) });
    if (!service && !caller.id) return json(401, { error: 'Sign in to check a tip' });
    const body = await readJson(req);
    if (!body) return json(400, { error: 'The body must be JSON: {tip_id}' });
    const due = DueRequest.safeParse(body.value).success;

    const db = serviceClient(settings);
    const explorer: ExplorerOptions = {
      explorerUrl: env('WALLET_EXPLORER_URL') || DEFAULT_EXPLORER_URL,
      timeoutMs: options.explorerTimeoutMs,
    };
    const chainId = env('WALLET_CHAIN_ID');
    if (due) {
      if (!service) return json(403, { error: 'Only the service role may check the due tips' });
      try {
        return json(200, await checkDueTips(db, explorer, chainId));
      } catch (e) {
        return json(502, { error: e instanceof Error ? e.message : String(e) });
      }
    }
    const parsed = CheckRequest.safeParse(body.value);
    if (!parsed.success) return json(400, { error: parsed.error.issues[0]?.message ?? 'Invalid request' });

    // As text: a wei amount is past a JavaScript number's precision.
    const read = await db
      .from('tips')
      .select('id,status,tx_hash,to_address,amount_wei::text,chain_id')
      .eq('id', parsed.data.tip_id)
      .maybeSingle<TipRow & { status: TipStatus }>();
    if (read.error) return json(500, { error: `Could not read the tip: ${read.error.message}` });
    const tip = read.data;
    if (!tip) return json(404, { error: 'No such tip' });
    if (tip.status !== 'pending') return json(200, { status: tip.status });

    const claim = await db.rpc('claim_tip_check', { p_tip: tip.id });
    if (claim.error) return json(500, { error: `Could not check the tip: ${claim.error.message}` });
    // Another call asked the explorer about this tip under 2 s ago: its answer stands for now.
    if (claim.data !== true) return json(200, { status: 'pending' });
    try {
      const status = await settle(db, tip.id, await verdictOf(db, tip, explorer, chainId));
      // Someone else's transaction: the tip is gone, and the caller is told why.
      if (status === 'removed') return json(403, { error: FOREIGN_TIP });
      return json(200, { status });
    } catch (e) {
      if (e instanceof ExplorerError) return json(502, { error: `Could not check the tip: ${e.message}` });
      return json(500, { error: e instanceof Error ? e.message : String(e) });
    }
  };
}
