// Where the backend is: a hosted Supabase project from build-time env, else the local stack that served this page.
export interface BackendConfig {
  url: string;
  anonKey: string;
  /** The web-push application server key (VAPID, public); without it this backend sends no push. */
  vapidPublicKey?: string;
}

const STORAGE_KEY = 'guap.backend-config';

interface ConfigSources {
  env: { VITE_SUPABASE_URL?: string; VITE_SUPABASE_ANON_KEY?: string; VITE_VAPID_PUBLIC_KEY?: string };
  fetch: typeof fetch;
  /** The page's local storage, spelled out: the service worker's typecheck (no DOM types) reads this file too. */
  storage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  /** Offline, the saved answer is used at once: the app starts from the mirror with no failing request. */
  online?: boolean;
}

function isConfig(value: unknown): value is BackendConfig {
  const v = value as Partial<BackendConfig> | null;
  const key = v?.vapidPublicKey;
  return typeof v?.url === 'string' && typeof v.anonKey === 'string' && (key === undefined || typeof key === 'string');
}

function savedConfig(storage: ConfigSources['storage']): BackendConfig | undefined {
  const saved = storage.getItem(STORAGE_KEY);
  const parsed: unknown = saved ? JSON.parse(saved) : null;
  return isConfig(parsed) ? parsed : undefined;
}

/** The local stack answers /local/v1/config; the last answer is kept so the app can start offline. */
export async function loadBackendConfig(sources: ConfigSources): Promise<BackendConfig> {
  const { VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: anonKey, VITE_VAPID_PUBLIC_KEY: vapid } = sources.env;
  if (url && anonKey) return { url, anonKey, ...(vapid && { vapidPublicKey: vapid }) };
  if (sources.online === false) {
    const saved = savedConfig(sources.storage);
    if (saved) return saved;
  }
  try {
    const res = await sources.fetch('/local/v1/config', { cache: 'no-store' });
    if (!res.ok) throw new Error(`config answered ${res.status}`);
    const config: unknown = await res.json();
    if (!isConfig(config)) throw new Error('config has no url and anonKey');
    sources.storage.setItem(STORAGE_KEY, JSON.stringify(config));
    return config;
  } catch (error) {
    const saved = savedConfig(sources.storage);
    if (saved) return saved;
    throw error;
  }
}

/** The push key of the backend this page uses: the hosted build's, else the local stack's last config answer. */
export function vapidPublicKey(sources: Pick<ConfigSources, 'env' | 'storage'>): string | undefined {
  return sources.env.VITE_VAPID_PUBLIC_KEY || savedConfig(sources.storage)?.vapidPublicKey || undefined;
}
