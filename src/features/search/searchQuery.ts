// The /search route's ?q=, checked so a hand-typed URL cannot break the screen.
interface SearchPageSearch {
  q?: string;
}

export function parseSearchPageSearch(search: Record<string, unknown>): SearchPageSearch {
  const raw = typeof search.q === 'string' ? search.q : typeof search.q === 'number' ? String(search.q) : '';
  const q = raw.trim().slice(0, 200);
  return { q: q || undefined };
}
