// The chain this app's wallet screens use, from the build's env or the local stack's config, and the explorer's
// pages. No ethers or zod here: a profile lists tips with explorer links without loading the connector.
import type { WalletSettings } from '../../../backend/config.ts';
import { savedConfig } from '../../../state/server/config.ts';
import { chainConfig, type ChainConfig } from './chain.ts';

type WalletEnv = Parameters<typeof chainConfig>[0];

/**
 * The chain settings as chainConfig reads them: each one the hosted build's VITE_WALLET_* when set, else the local
 * stack's last config answer, else unset (chainConfig then uses GuapcoinX's own).
 */
export function walletEnv(env: WalletEnv, storage: Pick<Storage, 'getItem'>): WalletEnv {
  const local: WalletSettings = savedConfig(storage)?.wallet ?? {};
  const settings: WalletEnv = {
    VITE_WALLET_CHAIN_ID: env.VITE_WALLET_CHAIN_ID || local.chainId,
    VITE_WALLET_RPC_URL: env.VITE_WALLET_RPC_URL || local.rpcUrl,
    VITE_WALLET_EXPLORER_URL: env.VITE_WALLET_EXPLORER_URL || local.explorerUrl,
    VITE_WALLET_DOWNLOAD_URL: env.VITE_WALLET_DOWNLOAD_URL || local.downloadUrl,
  };
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value));
}

export function walletChain(): ChainConfig {
  return chainConfig(walletEnv(import.meta.env, localStorage));
}

/** The explorer's own page of an address or a transaction, for a person to open. */
export function explorerPage(explorerUrl: string, kind: 'address' | 'tx', id: string): string {
  // A base without its trailing slash would lose its last path segment to the path added to it.
  const base = explorerUrl.endsWith('/') ? explorerUrl : `${explorerUrl}/`;
  return new URL(`${kind}/${encodeURIComponent(id)}`, base).href;
}
