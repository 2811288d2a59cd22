// bcrypt hashes (cost 10 by default, as GoTrue) and the password rules that answer weak_password.
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

/** GoTrue's bcrypt cost; a test stack may take less (StackOptions.passwordHashCost). */
export const DEFAULT_HASH_COST = 10;

export const hashPassword = (password: string, cost: number): Promise<string> => bcrypt.hash(password, cost);

export async function checkPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  return bcrypt.compare(password, hash);
}

const dummies = new Map<number, Promise<string>>();

/** A real hash to compare against when no account matched, so both answers take a bcrypt's time. */
export function dummyHash(cost: number): Promise<string> {
  let dummy = dummies.get(cost);
  if (!dummy) {
    dummy = hashPassword('no account has this password', cost);
    dummies.set(cost, dummy);
  }
  return dummy;
}
