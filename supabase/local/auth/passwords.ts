// bcrypt hashes (cost 10, as GoTrue) and the password rules that answer weak_password.
import bcrypt from 'bcryptjs';
import { authError } from './errors.ts';

const MIN_LENGTH = 6;
// bcrypt reads 72 bytes; GoTrue refuses longer passwords rather than silently ignore the rest.
const MAX_BYTES = 72;

export function assertAcceptablePassword(password: string): void {
  if (password.length < MIN_LENGTH) {
    throw authError(422, 'weak_password', `Password should be at least ${MIN_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if (Buffer.byteLength(password) > MAX_BYTES) {
    throw authError(422, 'validation_failed', `Password cannot be longer than ${MAX_BYTES} characters`);
  }
}

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, 10);

export async function checkPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  return bcrypt.compare(password, hash);
}

let dummy: Promise<string> | undefined;

/** A real hash to compare against when no account matched, so both answers take a bcrypt's time. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('no account has this password');
  return dummy;
}
