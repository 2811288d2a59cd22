// A pull's rows have their words split ahead of their write, a few rows per task, so a page of a thousand posts never
// holds the main thread for long; the write then looks them up (wordIndex.ts). Not on the first screen: only the
// network code writes pages of rows. The code that writes the words is loaded first (splitsWords).
import { indexWords } from '../content/searchTerms.ts';
import { ON_PAGE_THREAD } from '../lib/nextTask.ts';
import type { IndexedStore } from './syncedTables.ts';
import { indexedText, preparedWords } from './indexedText.ts';
import { splitsWords } from './wordIndex.ts';

/** Rows split per task: a few milliseconds of work in the sync worker; on a page's thread a quarter as many. */
const ROWS_PER_TASK = ON_PAGE_THREAD ? 25 : 100;

/**
 * A new task, through a message rather than a timer: browsers hold a chain of timers at least 4 ms apart, which for
 * the 20 tasks of a 2,000-row page is 80 ms of waiting for nothing.
 */
function nextTask(): Promise<void> {
  const channel = new MessageChannel();
  return new Promise<void>((resolve) => {
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Splits the words of rows about to be written, a few per task, so that their write does not. */
export async function prepareWords(table: IndexedStore, rows: readonly object[]): Promise<void> {
  await splitsWords();
  for (let i = 0; i < rows.length; i += ROWS_PER_TASK) {
    if (i > 0) await nextTask();
    for (const row of rows.slice(i, i + ROWS_PER_TASK)) {
      const text = indexedText(table, row);
      if (typeof text === 'string') preparedWords.set(row, { text, words: indexWords(text) });
    }
  }
}
