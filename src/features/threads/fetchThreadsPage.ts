// One page of every thread, newest first, optionally filtered by title: the /threads list ("View All").
import type { SupabaseClient } from '@supabase/supabase-js';
import { backendError } from '../../backend/errors.ts';
import { THREAD_SELECT, type ThreadSummary } from '../../backend/forum.ts';

export const THREADS_PAGE_SIZE = 20;

export interface ThreadsPage {
  threads: ThreadSummary[];
  total: number;
}

/** `%` and `_` in a search are literal text, not wildcards. */
function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function fetchThreadsPage(client: SupabaseClient, page: number, query?: string): Promise<ThreadsPage> {
  const from = (page - 1) * THREADS_PAGE_SIZE;
  let request = client.from('threads').select(THREAD_SELECT, { count: 'exact' });
  if (query) request = request.ilike('title', likePattern(query));
  const { data, error, status, count } = await request
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + THREADS_PAGE_SIZE - 1);
  if (error) throw backendError('Failed to fetch threads', error, status);
  return { threads: data as unknown as ThreadSummary[], total: count ?? 0 };
}
