// Pulled rows are written a couple of hundred at a time, each chunk in its own short transaction with a task boundary
// before the next, so no write holds its thread for long: a page of a thousand rows in one transaction (its word
// index, its live queries woken at once) made tasks of hundreds of milliseconds on the page's thread.
import { nextTask, ON_PAGE_THREAD } from '../lib/nextTask.ts';

/**
 * Rows per write: Dexie's author advises about 200; in the sync worker a chunk of posts with their words then takes a
 * few ms. On a page's thread (the rows a first page came with, a thread opened that the mirror lacks) a tap waits
 * behind each chunk, and 200 posts with their words took 47 ms: there a chunk is a quarter as large.
 */
const ROWS_PER_WRITE = ON_PAGE_THREAD ? 50 : 200;

/** Writes `rows` chunk by chunk, in order; a chunk starts only once the one before it is stored. */
export async function inChunks<T>(
  rows: readonly T[],
  write: (chunk: T[]) => Promise<void>,
  size = ROWS_PER_WRITE,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    if (i > 0) await nextTask();
    await write(rows.slice(i, i + size));
  }
}
