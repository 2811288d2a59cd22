// The wallet's server data: a member's tips received (confirmed, public) and sent (every status, the sender's
// own), asking check-tip about a pending tip again, and proving an address. The tips a pull may have changed are
// asked again when it ends: a poke about a settled tip (its parties' topics; the forum's, for the recipient's new
// count) shows it without a reload.
import { useCallback } from 'react';
import type { ForumClient } from '../../backend/client.ts';
import {
  checkTip,
  fetchReceivedTips,
  fetchSentTips,
  verifyMessageFor,
  verifyWallet,
  type TipStatus,
} from '../../backend/wallet.ts';
import { WALLET_FAILURES } from '../../backend/failureTexts.ts';
import { linkMessageFor, linkWallet, unlinkWallet } from '../../backend/walletLink.ts';
import { useSyncEngine, useSyncStatusOf } from '../sync/SyncContext.tsx';
import { useServerAction } from './useServerAction.ts';
import { useServerCalls } from './useServerCalls.ts';
import { useServerQuery } from './useServerQuery.ts';

/** The member's confirmed tips; `count` is their Tips Received, whose change (a pull) means a new one. */
export function useReceivedTips(userId: string, count: number) {
  return useServerQuery(['receivedTips', userId], (client) => fetchReceivedTips(client, userId), {
    label: 'Failed to load tips',
    refreshOn: count,
  });
}

/**
 * The signed-in member's own recorded tips, asked again after every pull (a poke may say one settled) and when the
 * number of their tips waiting in the outbox changes (one was just recorded).
 */
export function useSentTips(userId: string, waiting: number) {
  const pulledAt = useSyncStatusOf((s) => s.lastSyncAt);
  return useServerQuery(['sentTips', userId], (client) => fetchSentTips(client, userId), {
    label: 'Failed to load your tips',
    refreshOn: `${pulledAt}:${waiting}`,
  });
}

/** What Check again says when the server answers; a settled tip also shows in the lists by the pull it makes. */
const CHECKED: Record<TipStatus, string> = {
  pending: 'The explorer has not confirmed this tip yet.',
  confirmed: 'Tip confirmed on chain',
  failed: 'This tip failed on chain and does not count',
  expired: 'This tip was never confirmed and does not count',
};

/** Check again: check-tip asks the explorer now. */
export function useCheckTip() {
  const engine = useSyncEngine();
  const check = useCallback(
    async (client: ForumClient, tipId: string) => {
      const status = await checkTip(client, tipId);
      if (status !== 'pending') await engine.pull();
      return status;
    },
    [engine],
  );
  return useServerAction(check, { failure: WALLET_FAILURES.check, success: (status) => CHECKED[status] });
}

const PROOF_CALLS = { verifyMessageFor, verifyWallet };

/** Proving an address: the message to sign (a nonce), then verify-wallet's check of the signed message. */
export const useWalletProof = () => useServerCalls(PROOF_CALLS);

const LINK_CALLS = { linkMessageFor, linkWallet, unlinkWallet };

/** Linking the wallet to the signed-in account (a nonce, then link-wallet's check of the signed message), and unlinking. */
export const useWalletLink = () => useServerCalls(LINK_CALLS);
