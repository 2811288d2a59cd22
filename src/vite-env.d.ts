/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** A hosted Supabase project's URL; unset means the local stack that serves the app. */
  readonly VITE_SUPABASE_URL?: string;
  /** That project's public anon key. */
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** That project's web-push application server key (VAPID, public), for push notifications. */
  readonly VITE_VAPID_PUBLIC_KEY?: string;
  /** A label for this build, shown in Settings (e.g. a release tag); the package version when unset. */
  readonly VITE_APP_VERSION?: string;
}

/** The package.json version, set at build time (vite.config.ts). */
declare const __APP_VERSION__: string;
