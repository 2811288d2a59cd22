// Runs in the storage bench's page: generates a forum's threads and posts and writes them through the app's own
// mirror (its schema, its indexes), a chunk per call, their words split first as a pull splits them, so IndexedDB
// holds what a device holding that forum holds.
import { openMirror } from '../../src/data/mirror.ts';
import { prepareWords } from '../../src/data/prepareWords.ts';
import type { PostRow, ThreadRow } from '../../src/data/types.ts';

export interface FillPlan {
  threads: number;
  /** Every post, the threads' opening posts included. */
  posts: number;
  categories: { id: string; type: ThreadRow['_category_type'] }[];
  authors: string[];
}

export interface FillApi {
  /** Writes threads [from, from + count); returns the bytes of their JSON (what the server sent for them). */
  putThreads(plan: FillPlan, from: number, count: number): Promise<number>;
  putPosts(plan: FillPlan, from: number, count: number): Promise<number>;
  close(): void;
}

// Forum words, so posts differ from each other as real ones do (and compress as real text does, not as a repeat).
const WORDS = (
  'guapx wallet stake node block reward price market exchange swap bridge fee gas airdrop holder chart support ' +
  'resistance volume liquidity pool yield farm mining hash rate difficulty fork upgrade release roadmap team ' +
  'community proposal vote governance burn supply circulation listing pair order limit spot futures margin ' +
  'the a to of and in is it for on that this with you i we my have be are not but what just can so if ' +
  'think anyone know when will does how about today week month year again still really good great bad sure ' +
  'thanks question answer help issue problem fixed working sync phone desktop app update version seed backup'
).split(' ');

const BASE_TIME = Date.UTC(2026, 0, 1);

function uuid(kind: number, n: number): string {
  return `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** 15 to 135 words (about 90 to 800 characters) chosen by a small generator seeded with the post's number. */
function content(n: number): string {
  let seed = (n * 2654435761) >>> 0;
  const next = () => (seed = (seed * 1664525 + 1013904223) >>> 0);
  const length = 15 + (next() % 121);
  const words: string[] = [];
  for (let i = 0; i < length; i++) words.push(WORDS[next() % WORDS.length]!);
  return `${words.join(' ')}.`;
}

function threadRow(plan: FillPlan, i: number): ThreadRow {
  const category = plan.categories[i % plan.categories.length]!;
  const created = new Date(BASE_TIME + i * 60_000).toISOString();
  const replies = Math.floor(plan.posts / plan.threads) - 1;
  return {
    id: uuid(1, i),
    slug: `storage-bench-thread-${i}`,
    title: `${content(i).slice(0, 60)} (${i})`,
    category_id: category.id,
    author_id: plan.authors[i % plan.authors.length]!,
    is_pinned: false,
    is_locked: false,
    is_ad: false,
    view_count: i % 500,
    reply_count: replies,
    last_reply_at: created,
    highest_post_number: replies + 1,
    created_at: created,
    updated_at: created,
    sync_txid: 1000 + i,
    _category_type: category.type,
    _pin: 0,
    _active_at: created,
  };
}

/** Post n belongs to thread n % threads; the first `threads` posts open their threads. */
function postRow(plan: FillPlan, n: number): PostRow {
  const thread = n % plan.threads;
  const created = new Date(BASE_TIME + thread * 60_000 + n * 1_000).toISOString();
  const first = n < plan.threads;
  return {
    id: uuid(2, n),
    thread_id: uuid(1, thread),
    post_number: Math.floor(n / plan.threads) + 1,
    author_id: plan.authors[n % plan.authors.length]!,
    content: content(n + 1_000_003),
    type: first ? 'thread' : 'reply',
    images: null,
    is_first_post: first,
    is_edited: false,
    version: 1,
    like_count: n % 7,
    hidden_at: null,
    created_at: created,
    updated_at: created,
    sync_txid: 100_000 + n,
  };
}

const db = openMirror();

function jsonBytes(rows: unknown[]): number {
  return rows.reduce<number>((sum, row) => sum + new TextEncoder().encode(JSON.stringify(row)).length, 0);
}

const api: FillApi = {
  async putThreads(plan, from, count) {
    const rows = Array.from({ length: count }, (_, k) => threadRow(plan, from + k));
    await prepareWords('threads', rows);
    await db.threads.bulkPut(rows);
    return jsonBytes(rows);
  },
  async putPosts(plan, from, count) {
    const rows = Array.from({ length: count }, (_, k) => postRow(plan, from + k));
    await prepareWords('posts', rows);
    await db.posts.bulkPut(rows);
    return jsonBytes(rows);
  },
  close: () => db.close(),
};

Object.assign(window, { benchFillMirror: api });
