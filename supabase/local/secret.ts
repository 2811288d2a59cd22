// The project's JWT secret: JWT_SECRET when given, else a random one made on first start and kept in the data folder.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';

/** The demo secret of Supabase's docs and self-hosting examples: published, so anyone can sign tokens with it. */
export const SUPABASE_DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

const PUBLIC_SECRETS = new Set([
  SUPABASE_DEMO_JWT_SECRET,
  'your-super-secret-jwt-token-with-at-least-32-characters-long',
]);

/** As Supabase asks of a project's secret. */
const MIN_LENGTH = 32;

const SECRET_FILE = 'jwt-secret';

/** 48 random bytes: for a new project, and for stacks that live only as long as a benchmark. */
export const randomJwtSecret = () => randomBytes(48).toString('base64url');

const errorCode = (e: unknown) => (e instanceof Error && 'code' in e ? e.code : undefined);

async function readSecretFile(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return undefined;
    throw e;
  }
}

function checkLength(secret: string, where: string): string {
  if (secret.length < MIN_LENGTH) {
    throw new Error(`The JWT secret in ${where} is shorter than ${MIN_LENGTH} characters; use a longer random one.`);
  }
  return secret;
}

/**
 * JWT_SECRET if set; else the secret kept in `<dataDir>/jwt-secret`, made on first start from 48 random bytes and
 * readable by its owner only. It lives beside the data because tokens and sessions stored there are signed with it.
 */
export async function projectJwtSecret(dataDir: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv !== undefined) return checkLength(fromEnv, 'JWT_SECRET');
  const file = join(dataDir, SECRET_FILE);
  const kept = await readSecretFile(file);
  if (kept !== undefined) return checkLength(kept, file);
  const secret = randomJwtSecret();
  try {
    await writeFile(file, secret + '\n', { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (e) {
    // Two starts on one folder at once: the first one's secret wins.
    if (errorCode(e) !== 'EEXIST') throw e;
    return checkLength((await readSecretFile(file)) ?? '', file);
  }
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can reach a server listening there. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1' || bare === '::ffff:127.0.0.1';
}

/** Refuses to serve a network with a published secret: anyone there could sign an admin's or the service role's token. */
export function assertSecretFitsHost(secret: string, host: string): void {
  if (PUBLIC_SECRETS.has(secret) && !isLoopbackHost(host)) {
    throw new Error(
      `Refusing to listen on ${host}: the JWT secret is a published example, so anyone could sign their own tokens. ` +
        'Unset JWT_SECRET to use the random secret kept in the data folder, or set it to a long random value.',
    );
  }
}
