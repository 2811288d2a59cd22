// Debug pages are for developers: on against the local stack (no hosted project in the build) or with a build flag.
interface BuildEnv {
  VITE_SUPABASE_URL?: string;
  VITE_SUPABASE_PUBLISHABLE_KEY?: string;
  VITE_SUPABASE_ANON_KEY?: string;
  VITE_DEBUG_PAGES?: string;
}

export function debugPagesEnabled(env: BuildEnv): boolean {
  if (env.VITE_DEBUG_PAGES === 'true') return true;
  // Without a hosted project in the build, the backend config came from the local stack's /local/v1/config.
  return !(env.VITE_SUPABASE_URL && (env.VITE_SUPABASE_PUBLISHABLE_KEY || env.VITE_SUPABASE_ANON_KEY));
}
