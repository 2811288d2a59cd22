// A bookmark's note: optional, at most 500 characters, counted as the database counts them (code points).

import { BOOKMARK_NOTE_MAX } from '../../state/mutations/bookmarks.ts';

export const NOTE_MAX = BOOKMARK_NOTE_MAX;
export { NOTE_TOO_LONG } from '../../state/mutations/bookmarks.ts';

export function noteLength(note: string): number {
  return [...note.trim()].length;
}

/** The note as it is stored: trimmed, and null when nothing is left. */
export function storedNote(note: string): string | null {
  const text = note.trim();
  return text === '' ? null : text;
}
