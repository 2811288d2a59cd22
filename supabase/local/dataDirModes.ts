// DATA_DIR holds the database (bcrypt hashes, private messages, WAL segments), the uploads and the project's secrets,
// so it is its owner's alone: the folder and its folders 700, its files 600, now and for whatever is made later.
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/** Sets the modes of `path` and everything under it; links are left alone, never followed out of the folder. */
export async function tightenDataDir(path: string): Promise<void> {
  const info = await lstat(path);
  if (info.isSymbolicLink()) return;
  if (info.isDirectory()) {
    if ((info.mode & 0o777) !== DATA_DIR_MODE) await chmod(path, DATA_DIR_MODE);
    for (const name of await readdir(path)) await tightenEntry(join(path, name));
  } else if ((info.mode & 0o777) !== DATA_FILE_MODE) {
    await chmod(path, DATA_FILE_MODE);
  }
}

/**
 * An entry the walk found: the open database removes files of its own while the walk runs (a relation's file
 * gone between readdir and lstat once stopped npm start), and a file that is gone has no mode to tighten.
 */
async function tightenEntry(path: string): Promise<void> {
  try {
    await tightenDataDir(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * At start, before the database opens: files this process makes from now on get no group or other bits (PGlite
 * asks for 666, which made its files world-readable), and what an earlier start left is tightened.
 */
export async function ownerOnlyDataDir(dataDir: string): Promise<void> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  await tightenDataDir(dataDir);
}
