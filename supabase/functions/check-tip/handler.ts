// check-tip: settles a pending tip from the block explorer. A tip is confirmed only when its transaction went to
// the tip's address with exactly its amount and its receipt says it succeeded; a forged hash stays pending and never
// counts. Any signed-in member may ask (the sender after sending, the recipient or a viewer later).
import { z } from 'zod';
import { json, preflight, readJson } from '../_shared/answers.ts';
import { callerId, readProjectSettings, serviceClient } from '../_shared/clients.ts';
import { runtimeEnv, type Env } from '../_shared/env.ts';
import { DEFAULT_EXPLORER_URL, ExplorerError, fetchReceiptStatus, fetchTransaction } from './receipt.ts';
import type { ExplorerOptions } from './receipt.ts';

export interface CheckTipOptions {
  /** How long one explorer call may take. */
  explorerTimeoutMs: number;
}

const DEFAULT_OPTIONS: CheckTipOptions = { explorerTimeoutMs: 10_000 };

const CheckRequest = z.object(
  { tip_id: z.uuid({ error: 'tip_id must be the id of a tip (a UUID)' }) },
  { error: 'The body must be a JSON object: {tip_id}' },
);

interface TipRow {
  id: string;
  status: 'pending' | 'confirmed' | 'failed';
  tx_hash: string;
  to_address: string;
  amount_wei: string;
  chain_id: number;
}

type Verdict = 'pending' | 'confirmed' | 'failed';

async function verdictOf(tip: TipRow, explorer: ExplorerOptions): Promise<Verdict> {
  const tx = await fetchTransaction(explorer, tip.tx_hash);
  if (!tx) return 'pending';
  if (tx.to !== tip.to_address.toLowerCase() || BigInt(tx.value) !== BigInt(tip.amount_wei)) return 'failed';
  const receipt = await fetchReceiptStatus(explorer, tip.tx_hash);
  if (receipt === '') return 'pending';
  return receipt === '1' ? 'confirmed' : 'failed';
}

export function createHandler(env: Env = runtimeEnv, options: CheckTipOptions = DEFAULT_OPTIONS) {
  return async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS') return preflight();
    const settings = readProjectSettings(env);
    if (typeof settings === 'string') return json(500, { error: `check-tip is not set up: ${settings}` });
    if (req.method !== 'POST') return json(405, { error: 'Use POST' });
    if (!(await callerId(req, settings))) return json(401, { error: 'Sign in to check a tip' });
    const body = await readJson(req);
    if (!body) return json(400, { error: 'The body must be JSON: {tip_id}' });
    const parsed = CheckRequest.safeParse(body.value);
    if (!parsed.success) return json(400, { error: parsed.error.issues[0]?.message ?? 'Invalid request' });

    const db = serviceClient(settings);
    // As text: a wei amount is past a JavaScript number's precision.
    const read = await db
      .from('tips')
      .select('id,status,tx_hash,to_address,amount_wei::text,chain_id')
      .eq('id', parsed.data.tip_id)
      .maybeSingle<TipRow>();
    if (read.error) return json(500, { error: `Could not read the tip: ${read.error.message}` });
    const tip = read.data;
    if (!tip) return json(404, { error: 'No such tip' });
    if (tip.status !== 'pending') return json(200, { status: tip.status });

    // This explorer speaks for one chain: a tip recorded on another can never be confirmed here.
    const chainId = env('WALLET_CHAIN_ID');
    let verdict: Verdict;
    if (chainId && Number(chainId) !== tip.chain_id) {
      verdict = 'failed';
    } else {
      const claim = await db.rpc('claim_tip_check', { p_tip: tip.id });
      if (claim.error) return json(500, { error: `Could not check the tip: ${claim.error.message}` });
      // Another call asked the explorer about this tip under 2 s ago: its answer stands for now.
      if (claim.data !== true) return json(200, { status: 'pending' });
      const explorer = {
        explorerUrl: env('WALLET_EXPLORER_URL') || DEFAULT_EXPLORER_URL,
        timeoutMs: options.explorerTimeoutMs,
      };
      try {
        verdict = await verdictOf(tip, explorer);
      } catch (e) {
        if (e instanceof ExplorerError) return json(502, { error: `Could not check the tip: ${e.message}` });
        throw e;
      }
    }
    if (verdict === 'pending') return json(200, { status: 'pending' });
    const settled = await db.rpc('settle_tip', { p_tip: tip.id, p_status: verdict });
    if (settled.error) return json(500, { error: `Could not settle the tip: ${settled.error.message}` });
    return json(200, { status: settled.data as string });
  };
}
