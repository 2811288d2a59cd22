// The wallet's calls to the forum: proving an address (a challenge, then the verify-wallet function), recording a
// tip and having the check-tip function settle it on chain, and a member's tips. All online, as DESIGN.md says.
import type { ForumClient } from './client.ts';
import { AppError, backendError, kindOfStatus, noConnection } from './errors.ts';

export const WALLET_FAILURES = {
  verify: { failed: 'Failed to verify the wallet address', serverMessage: true },
  tip: { failed: 'Failed to record the tip', serverMessage: true },
} as const;

interface Challenge {
  nonce: string;
  message: string;
}

/** The text the member's wallet signs: it names the forum, the member and a nonce the server spends once. */
export async function askWalletChallenge(client: ForumClient): Promise<Challenge> {
  const { data, error, status } = await client.rpc('wallet_challenge');
  if (error) throw backendError('Failed to start the verification', error, status);
  return data as unknown as Challenge;
}

/** An Edge Function's answer, or its refusal in its own words ({ error }) as an AppError. */
async function invoke<T>(client: ForumClient, name: string, body: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.functions.invoke<T>(name, { body });
  if (!error) return data as T;
  const response = (error as { context?: unknown }).context;
  if (!(response instanceof Response)) throw noConnection();
  const answer = (await response.json().catch(() => ({}))) as { error?: unknown };
  const message = typeof answer.error === 'string' ? answer.error : `${name} answered ${response.status}`;
  throw new AppError(kindOfStatus(response.status), message, { status: response.status, detail: message });
}

export async function verifyWallet(
  client: ForumClient,
  proof: { nonce: string; address: string; signature: string },
): Promise<void> {
  await invoke<{ verified: true }>(client, 'verify-wallet', proof);
}

export interface NewTip {
  recipient_id: string;
  tx_hash: string;
  to_address: string;
  amount_wei: string;
  chain_id: number;
}

export type TipStatus = 'pending' | 'confirmed' | 'failed';

/** Records a sent tip as pending; the hash is unique, so recording it twice finds the first record. */
export async function recordTip(client: ForumClient, tip: NewTip): Promise<string> {
  // numeric(78,0) goes as a string, so no wei is lost to a float; the generated types call numeric a number.
  const row = { ...tip, amount_wei: tip.amount_wei as unknown as number };
  const { data, error, status } = await client.from('tips').insert(row).select('id').single();
  if (error?.code === '23505') {
    const again = await client.from('tips').select('id').eq('tx_hash', tip.tx_hash).single();
    if (again.data) return again.data.id;
  }
  if (error) throw backendError('Failed to record the tip', error, status);
  return data.id;
}

/** Has the server check the tip's transaction on the explorer: confirmed, failed, or still pending. */
export async function checkTip(client: ForumClient, tipId: string): Promise<TipStatus> {
  const answer = await invoke<{ status: TipStatus }>(client, 'check-tip', { tip_id: tipId });
  return answer.status;
}

export interface ReceivedTip {
  id: string;
  tx_hash: string;
  amount_wei: string;
  created_at: string;
  sender: { id: string; username: string } | null;
}

const TIPS_SHOWN = 20;

/** The member's confirmed tips, newest first, with who sent each. */
export async function fetchReceivedTips(client: ForumClient, userId: string): Promise<ReceivedTip[]> {
  const { data, error, status } = await client
    .from('tips')
    .select('id,tx_hash,amount_wei::text,created_at,sender:profiles!tips_sender_id_fkey(id,username)')
    .eq('recipient_id', userId)
    .eq('status', 'confirmed')
    .order('created_at', { ascending: false })
    .limit(TIPS_SHOWN);
  if (error) throw backendError('Failed to load tips', error, status);
  return data ?? [];
}
