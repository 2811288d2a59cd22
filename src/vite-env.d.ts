/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** A hosted Supabase project's URL; unset means the local stack that serves the app. */
  readonly VITE_SUPABASE_URL?: string;
  /** That project's publishable key (sb_publishable_…), which the app calls with. */
  readonly VITE_SUPABASE_PUBLISHABLE_KEY?: string;
  /** That project's legacy anon key, used when no publishable key is set. */
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** That project's web-push application server key (VAPID, public), for push notifications. */
  readonly VITE_VAPID_PUBLIC_KEY?: string;
  /** A label for this build, shown in Settings (e.g. a release tag); the package version when unset. */
  readonly VITE_APP_VERSION?: string;
  /** The wallet's chain id, in decimal; GuapcoinX's 71111 when unset (a desktop wallet uses 1500). */
  readonly VITE_WALLET_CHAIN_ID?: string;
  /** The chain's JSON-RPC URL, offered to a wallet that does not know the chain; GuapcoinX's when unset. */
  readonly VITE_WALLET_RPC_URL?: string;
  /** The block explorer (Etherscan-compatible API at {url}/api); GuapcoinX's when unset. */
  readonly VITE_WALLET_EXPLORER_URL?: string;
  /** The GuapCoin wallet browser's download page, linked outside a wallet browser; no link when unset. */
  readonly VITE_WALLET_DOWNLOAD_URL?: string;
}

/** The package.json version, set at build time (vite.config.ts). */
declare const __APP_VERSION__: string;
