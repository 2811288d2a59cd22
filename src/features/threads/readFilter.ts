// /threads' read filter, from the address: Unread (has new posts) or New (never opened); All is no filter.
export type ReadFilter = 'unread' | 'new';

export function parseReadFilter(value: unknown): ReadFilter | undefined {
  return value === 'unread' || value === 'new' ? value : undefined;
}
