// The project's VAPID keys for web push: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when given, else a pair made with
// web-push on first start and kept in the data folder, since every browser's subscription is tied to the public key.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webPush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEYS_FILE = 'vapid-keys.json';

const errorCode = (e: unknown) => (e instanceof Error && 'code' in e ? e.code : undefined);

async function readKeysFile(file: string): Promise<VapidKeys | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return undefined;
    throw e;
  }
  const keys = JSON.parse(text) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new Error(`${file} does not hold a publicKey and a privateKey; delete it to make a new pair.`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

export const newVapidKeys = (): VapidKeys => webPush.generateVAPIDKeys();

export async function projectVapidKeys(
  dataDir: string,
  fromEnv: { publicKey?: string; privateKey?: string },
): Promise<VapidKeys> {
  if (fromEnv.publicKey && fromEnv.privateKey) return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey };
  if (fromEnv.publicKey || fromEnv.privateKey) {
    throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then kept in DATA_DIR).');
  }
  const file = join(dataDir, KEYS_FILE);
  const kept = await readKeysFile(file);
  if (kept) return kept;
  const keys = newVapidKeys();
  try {
    await writeFile(file, JSON.stringify(keys) + '\n', { flag: 'wx', mode: 0o600 });
    return keys;
  } catch (e) {
    // Two starts on one folder at once: the first one's pair wins.
    if (errorCode(e) !== 'EEXIST') throw e;
    const first = await readKeysFile(file);
    if (!first) throw new Error(`${file} vanished while it was being read`);
    return first;
  }
}
