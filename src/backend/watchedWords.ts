// The watched words admins keep, one list per action (public.watched_words; RLS lets admins write, staff read). The
// database checks them on every member's posts, titles, messages and profile fields; this file only keeps the lists.
import type { ForumClient } from './client.ts';
import { backendError, type FailureTexts } from './errors.ts';

export const WATCH_ACTIONS = ['block', 'censor', 'require_approval', 'flag'] as const;
export type WatchAction = (typeof WATCH_ACTIONS)[number];

export interface WatchedWord {
  id: string;
  word: string;
  action: WatchAction;
  created_at: string;
}

const PAGE = 200;
/** The table's own limit on a word's length. */
export const WATCHED_WORD_MAX = 100;

export const WATCHED_WORD_FAILURES = {
  add: { failed: 'Failed to add the word', serverMessage: true },
  remove: { failed: 'Failed to remove the word', serverMessage: true },
} satisfies Record<string, FailureTexts>;

const isWatchAction = (value: string): value is WatchAction => (WATCH_ACTIONS as readonly string[]).includes(value);

/** One page of every list, by action then word, after the rows already shown. */
export async function fetchWatchedWords(client: ForumClient, offset: number) {
  const { data, error, status } = await client
    .from('watched_words')
    .select('id, word, action, created_at')
    .order('action')
    .order('normalized')
    .order('id')
    .range(offset, offset + PAGE - 1);
  if (error) throw backendError('Failed to load the watched words', error, status);
  const rows = (data ?? []).flatMap((r) => (isWatchAction(r.action) ? [{ ...r, action: r.action }] : []));
  return { rows, more: (data ?? []).length === PAGE };
}

/** The database's refusals in words an admin can act on; anything else keeps the server's own words. */
function refusal(code: string | undefined, word: string, list: string): string | undefined {
  if (code === '23505') return `“${word}” is already on the ${list} list.`;
  if (code === '23514')
    return `“${word}” cannot be watched: a word needs 2 to ${WATCHED_WORD_MAX} characters, 2 of them letters or digits.`;
  if (code === '42501') return 'Only admins can change the watched words.';
  return undefined;
}

export async function addWatchedWord(client: ForumClient, word: string, action: WatchAction, list: string) {
  const { data, error, status } = await client
    .from('watched_words')
    .insert({ word: word.trim(), action })
    .select('id, word, action, created_at')
    .single();
  if (error) {
    const message = refusal(error.code, word.trim(), list) ?? error.message;
    throw backendError('Failed to add the word', { message, code: error.code }, status);
  }
  return { ...data, action } satisfies WatchedWord;
}

/** Removes a word; one already gone counts as removed. */
export async function removeWatchedWord(client: ForumClient, id: string) {
  const { error, status } = await client.from('watched_words').delete().eq('id', id);
  if (error) {
    const message = refusal(error.code, '', '') ?? error.message;
    throw backendError('Failed to remove the word', { message, code: error.code }, status);
  }
}
