// Object bytes on disk: one file per object version, named by the version id, so keys never touch the file system.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pathOf(storageDir: string, version: string): string {
  if (!UUID.test(version)) throw new Error(`not an object version: ${version}`);
  return join(storageDir, 'objects', version.slice(0, 2), version);
}

export async function writeVersion(storageDir: string, version: string, bytes: Buffer): Promise<void> {
  const path = pathOf(storageDir, version);
  // The owner's alone, as all of DATA_DIR (dataDirModes.ts), whatever the umask of the process that serves.
  await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
  await writeFile(path, bytes, { mode: 0o600 });
}

export async function readVersion(storageDir: string, version: string): Promise<Buffer | undefined> {
  try {
    return await readFile(pathOf(storageDir, version));
  } catch {
    return undefined;
  }
}

export async function removeVersion(storageDir: string, version: string | null | undefined): Promise<void> {
  if (version && UUID.test(version)) await rm(pathOf(storageDir, version), { force: true });
}
