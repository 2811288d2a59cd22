// Search parameters of the routes that read them, checked so a hand-typed URL cannot break a screen.
import { parseReadFilter, type ReadFilter } from '../features/threads/readFilter.ts';

interface AuthSearch {
  register?: boolean;
  /** Where the route guard came from; only same-site paths are kept. */
  redirect?: string;
}

function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return undefined;
  return value;
}

export function parseAuthSearch(search: Record<string, unknown>): AuthSearch {
  return {
    register: search.register === true || search.register === 'true' ? true : undefined,
    redirect: safeRedirect(search.redirect),
  };
}

interface ThreadsSearch {
  page?: number;
  q?: string;
  filter?: ReadFilter;
}

export function parseThreadsSearch(search: Record<string, unknown>): ThreadsSearch {
  const page = Number(search.page);
  const q = typeof search.q === 'string' ? search.q.trim() : typeof search.q === 'number' ? String(search.q) : '';
  return {
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    q: q || undefined,
    filter: parseReadFilter(search.filter),
  };
}

interface MessagesSearch {
  /** A member to write to: opens the 'New Message' dialog with them filled in (the profile's Send Message). */
  to?: string;
  /** A message to open (a push notification's click, the notification bell). */
  message?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : undefined;
}

export function parseMessagesSearch(search: Record<string, unknown>): MessagesSearch {
  return { to: uuidOrUndefined(search.to), message: uuidOrUndefined(search.message) };
}

/** /review's filters as typed: the page checks them itself (features/moderation/reviewSearch.ts), so the first
 *  screen's code carries none of that. */
export const rawSearch = (search: Record<string, unknown>): Record<string, unknown> => search;
