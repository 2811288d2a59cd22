// The local stack's settings, read from the environment once, with the documented defaults.
import { resolve } from 'node:path';

/** Local-only default; a hosted project has its own secret. Never use this value anywhere public. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export interface LocalEnv {
  port: number;
  host: string;
  dataDir: string;
  jwtSecret: string;
  databaseUrl?: string;
  siteUrl?: string;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): LocalEnv {
  return {
    port: Number(env.PORT ?? 4173),
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    jwtSecret: env.JWT_SECRET ?? DEFAULT_JWT_SECRET,
    databaseUrl: env.DATABASE_URL || undefined,
    siteUrl: env.SITE_URL || undefined,
  };
}
