// The wallet's calls to the forum: proving an address (a signed EIP-4361 message, checked by verify-wallet), having the
// check-tip function settle a tip on chain, and a member's tips. All online, as DESIGN.md says; recording a tip goes
// through the outbox (src/sync/kinds/tip.ts).
import type { ForumClient } from './client.ts';
import { AppError, backendError, kindOfStatus, noConnection } from './errors.ts';
import { walletMessageFor, type WalletMessageParts } from './walletMessage.ts';

/** What the wallet shows above the message's fields: which address it proves, and for what. */
const VERIFY_STATEMENT = 'Verify that this wallet holds the address on your GuapCoin Forum profile.';

/** The message the member's wallet signs to prove the profile's address, with a nonce the server spends once. */
export const verifyMessageFor = (client: ForumClient, parts: WalletMessageParts): Promise<string> =>
  walletMessageFor(client, VERIFY_STATEMENT, parts, 'Failed to start the verification');

/** An Edge Function's answer, or its refusal in its own words as an AppError. */
export async function invoke<T>(client: ForumClient, name: string, body: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.functions.invoke<T>(name, { body });
  if (!error) return data as T;
  const response = (error as { context?: unknown }).context;
  if (!(response instanceof Response)) throw noConnection();
  // Our functions refuse as { error }; the functions' gateway (a 429 past a member's calls in flight) as { message }.
  const answer = (await response.json().catch(() => ({}))) as { error?: unknown; message?: unknown };
  const words = [answer.error, answer.message].find((said) => typeof said === 'string') as string | undefined;
  const message = words ?? `${name} answered ${response.status}`;
  throw new AppError(kindOfStatus(response.status), message, { status: response.status, detail: message });
}

export async function verifyWallet(client: ForumClient, proof: { message: string; signature: string }): Promise<void> {
  await invoke<{ verified: true }>(client, 'verify-wallet', proof);
}

export type TipStatus = 'pending' | 'confirmed' | 'failed' | 'expired';

/** Has the server check the tip's transaction on the explorer: confirmed, failed, or still pending. */
export async function checkTip(client: ForumClient, tipId: string): Promise<TipStatus> {
  const answer = await invoke<{ status: TipStatus }>(client, 'check-tip', { tip_id: tipId });
  return answer.status;
}

interface ReceivedTip {
  id: string;
  tx_hash: string;
  amount_wei: string;
  created_at: string;
  sender: { id: string; username: string } | null;
}

const TIPS_SHOWN = 20;

export interface SentTip {
  id: string;
  tx_hash: string;
  amount_wei: string;
  status: TipStatus;
  created_at: string;
  recipient: { id: string; username: string } | null;
}

/** The member's own tips in every status, pending ones included, newest first, with whom each went to. */
export async function fetchSentTips(client: ForumClient, userId: string): Promise<SentTip[]> {
  const { data, error, status } = await client
    .from('tips')
    .select('id,tx_hash,amount_wei::text,status,created_at,recipient:profiles!tips_recipient_id_fkey(id,username)')
    .eq('sender_id', userId)
    .order('created_at', { ascending: false })
    .limit(TIPS_SHOWN);
  if (error) throw backendError('Failed to load your tips', error, status);
  return (data ?? []) as SentTip[];
}

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
