// Typed reads of the forum's public data: categories and threads (SPEC §7 "Forum data").
import type { SupabaseClient } from '@supabase/supabase-js';
import { backendError } from './errors.ts';

export type CategoryType = 'guapcoin' | 'crypto' | 'support';

export interface Category {
  id: string;
  name: string;
  description: string | null;
  slug: string;
  color: string | null;
  type: CategoryType;
  order_index: number;
}

export interface ThreadSummary {
  id: string;
  slug: string;
  title: string;
  is_pinned: boolean;
  is_locked: boolean;
  is_ad: boolean;
  view_count: number;
  reply_count: number;
  last_reply_at: string | null;
  created_at: string;
  author: { username: string; avatar_url: string | null; role: 'user' | 'moderator' | 'admin' } | null;
  category: { name: string; slug: string; color: string | null; type: CategoryType } | null;
}

const CATEGORY_COLUMNS = 'id,name,description,slug,color,type,order_index';
export const THREAD_SELECT =
  'id,slug,title,is_pinned,is_locked,is_ad,view_count,reply_count,last_reply_at,created_at,' +
  'category:categories(name,slug,color,type),author:profiles!author_id(username,avatar_url,role)';

/** Active categories by type then order_index (SPEC: "GET all categories"). */
export async function fetchAllCategories(client: SupabaseClient): Promise<Category[]> {
  const { data, error, status } = await client
    .from('categories')
    .select(CATEGORY_COLUMNS)
    .eq('is_active', true)
    .order('type')
    .order('order_index');
  if (error) throw backendError('Failed to fetch all categories', error, status);
  return data as Category[];
}

/** The latest threads with category and author, newest first (SPEC: limit 10). */
export async function fetchLatestThreads(client: SupabaseClient, limit = 10): Promise<ThreadSummary[]> {
  const { data, error, status } = await client
    .from('threads')
    .select(THREAD_SELECT)
    .order('created_at', { ascending: false })
    .limit(limit);
  if (error) throw backendError('Failed to fetch threads', error, status);
  return data as unknown as ThreadSummary[];
}
