/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** A hosted Supabase project's URL; unset means the local stack that serves the app. */
  readonly VITE_SUPABASE_URL?: string;
  /** That project's public anon key. */
  readonly VITE_SUPABASE_ANON_KEY?: string;
}
