// Where the backend is: a hosted Supabase project from build-time env, else the local stack that served this page.
import { jsonOrNull } from '../lib/jsonOrNull.ts';

export interface BackendConfig {
  url: string;
  /** The key the app calls the backend with, acting as the anon role: a publishable key, or a legacy anon key. */
  anonKey: string;
  /** The web-push application server key (VAPID, public); without it this backend sends no push. */
  vapidPublicKey?: string;
  /** The chain settings the local stack was started with (WALLET_* env); a hosted build has them as VITE_WALLET_*. */
  wallet?: WalletSettings;
}

/** The wallet's chain, as strings the way env gives them; chainConfig (features/wallet/lib/chain.ts) checks them. */
export interface WalletSettings {
  chainId?: string;
  rpcUrl?: string;
  explorerUrl?: string;
  downloadUrl?: string;
}

const STORAGE_KEY = 'guap.backend-config';

/** A build for a hosted project: its URL, and its publishable key or (before the new keys) its legacy anon key. */
interface HostedEnv {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_PUBLISHABLE_KEY?: string;
  VITE_SUPABASE_ANON_KEY?: string;
}

/** The hosted project's URL and key, when the build names one; the publishable key is taken over the legacy one. */
function hostedProject(env: HostedEnv): { url: string; anonKey: string } | undefined {
  const url = env.VITE_SUPABASE_URL;
  const key = env.VITE_SUPABASE_PUBLISHABLE_KEY || env.VITE_SUPABASE_ANON_KEY;
  return url && key ? { url, anonKey: key } : undefined;
}

interface ConfigSources {
  env: HostedEnv & { VITE_VAPID_PUBLIC_KEY?: string };
  fetch: typeof fetch;
  /** The page's local storage, spelled out: the service worker's typecheck (no DOM types) reads this file too. */
  storage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  /** Offline, the kept answer is not asked again: the app makes no failing request. */
  online?: boolean;
  /** The config the local stack wrote into this page's HTML (`embeddedConfig`): fresh, so nothing is asked. */
  embedded?: BackendConfig;
}

/** The element the local stack writes the config into (supabase/local/web/embeddedConfig.ts). */
const CONFIG_SCRIPT_ID = 'backend-config';

/**
 * The config in the HTML the local stack served, with the page's own origin as its URL; none in a page served from
 * elsewhere (the service worker's copy of the built app, Vite's dev server, a static host).
 */
export function embeddedConfig(
  doc: { getElementById(id: string): { textContent: string | null } | null },
  origin: string,
): BackendConfig | undefined {
  const parsed = jsonOrNull(doc.getElementById(CONFIG_SCRIPT_ID)?.textContent ?? null);
  const config: unknown = typeof parsed === 'object' && parsed !== null ? { ...parsed, url: origin } : null;
  return isConfig(config) ? config : undefined;
}

function isWalletSettings(value: unknown): value is WalletSettings {
  if (value === undefined) return true;
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).every((setting) => typeof setting === 'string');
}

function isConfig(value: unknown): value is BackendConfig {
  const v = value as Partial<BackendConfig> | null;
  const key = v?.vapidPublicKey;
  return (
    typeof v?.url === 'string' &&
    typeof v.anonKey === 'string' &&
    (key === undefined || typeof key === 'string') &&
    isWalletSettings(v.wallet)
  );
}

/** The local stack's last answer kept on this device, if any. */
export function savedConfig(storage: Pick<ConfigSources['storage'], 'getItem'>): BackendConfig | undefined {
  const parsed = jsonOrNull(storage.getItem(STORAGE_KEY));
  return isConfig(parsed) ? parsed : undefined;
}

/**
 * A first visit finds the config in the HTML. Otherwise the local stack answers /local/v1/config; the last answer is kept. With a kept answer the app starts from it at once,
 * online too, so a return visit paints from the mirror with no request on its critical path (on a phone network that
 * request cost a round trip or more before anything showed); `refreshBackendConfig` asks the server afterwards.
 */
export async function loadBackendConfig(sources: ConfigSources): Promise<BackendConfig> {
  const hosted = hostedProject(sources.env);
  const vapid = sources.env.VITE_VAPID_PUBLIC_KEY;
  if (hosted) return { ...hosted, ...(vapid && { vapidPublicKey: vapid }) };
  if (sources.embedded) {
    sources.storage.setItem(STORAGE_KEY, JSON.stringify(sources.embedded));
    return sources.embedded;
  }
  const saved = savedConfig(sources.storage);
  if (saved) return saved;
  return askLocalStack(sources);
}

async function askLocalStack(sources: ConfigSources): Promise<BackendConfig> {
  const res = await sources.fetch('/local/v1/config', { cache: 'no-store' });
  if (!res.ok) throw new Error(`config answered ${res.status}`);
  const config: unknown = await res.json();
  if (!isConfig(config)) throw new Error('config has no url and anonKey');
  sources.storage.setItem(STORAGE_KEY, JSON.stringify(config));
  return config;
}

/**
 * Asks the local stack again after a start from the kept answer, and keeps the new answer. True when it differs from
 * the one the app started with (a new data folder brings a new key): the page must start again with it.
 * A hosted build, an offline device or an unreachable server keep what they have.
 */
export async function refreshBackendConfig(sources: ConfigSources, started: BackendConfig): Promise<boolean> {
  if (hostedProject(sources.env)) return false;
  if (sources.online === false) return false;
  const latest = await askLocalStack(sources).catch(() => started);
  return !sameConfig(latest, started);
}

/**
 * Whether two configs name the same backend, field by field: the HTML's config and the endpoint's answer list their
 * fields in different orders, and compared as JSON text a page started from a kept config reloaded itself once.
 */
function sameConfig(a: BackendConfig, b: BackendConfig): boolean {
  const settings = (w: WalletSettings | undefined) => JSON.stringify(Object.entries(w ?? {}).sort());
  return (
    a.url === b.url &&
    a.anonKey === b.anonKey &&
    a.vapidPublicKey === b.vapidPublicKey &&
    settings(a.wallet) === settings(b.wallet)
  );
}

/** The push key of the backend this page uses: the hosted build's, else the local stack's last config answer. */
export function vapidPublicKey(sources: Pick<ConfigSources, 'env' | 'storage'>): string | undefined {
  return sources.env.VITE_VAPID_PUBLIC_KEY || savedConfig(sources.storage)?.vapidPublicKey || undefined;
}
