// The mirror search bench's page script, bundled by Vite and run in Chromium: fills the app's own mirror (openMirror,
// so every post is indexed by the same middleware as in the app) with a generated forum, and the same forum into a
// mirror as it was before the word index (version 7, no middleware) for the scan, and times one search.
import { Dexie } from 'dexie';
import { MIRROR_VERSIONS, openMirror, type Mirror } from '../src/data/mirror.ts';
import { prepareWords } from '../src/data/prepareWords.ts';
import { searchMirror } from '../src/data/queries/search.ts';
import type { PostRow, ThreadRow } from '../src/data/types.ts';
import { toThreadRow } from '../src/data/rows.ts';
import { INSTANT_LIMITS } from '../src/features/search/searchOptions.ts';
import { inChunks } from '../src/sync/chunks.ts';
import { scanMirror } from './mirrorSearchScan.ts';

/** Words of the forum's own talk, the most frequent first; a long tail of made-up words follows them. */
const COMMON = (
  'the a to and of is in it for on you that with this my i be not are have but can your at or what if so do from ' +
  'guapx wallet node masternode collateral staking rewards price sync block chain exchange pool fee transaction ' +
  'address balance update version release help question thanks coin send receive mining peer network backup seed ' +
  'phrase ledger raspberry pi linux windows error fixed works guide setup payout daily weekly market trading'
).split(' ');
const SYLLABLES = 'ka lo mi re tu sa ne vo pi da ge ru zo fa li mo ta be xu ci'.split(' ');
const TAIL_WORDS = 20_000;

/** mulberry32: the same forum on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function vocabulary(): string[] {
  const tail = Array.from({ length: TAIL_WORDS }, (_, i) => {
    let word = '';
    for (let n = i + SYLLABLES.length; n > 0; n = Math.floor(n / SYLLABLES.length)) {
      word += SYLLABLES[n % SYLLABLES.length];
    }
    return word;
  });
  return [...COMMON, ...tail];
}

const VOCABULARY = vocabulary();

/** The app's mirror, and the mirror before the word index (version 7's stores, its rows without words), each opened
 * only in the page that asks for it: each lives in a browser profile of its own, so its size on disk is its own. */
let indexed: Mirror | undefined;
let before: Mirror | undefined;
const mirrors = {
  index: () => (indexed ??= openMirror({ name: 'guap-mirror-search-bench' })),
  scan: () => {
    if (!before) {
      before = new Dexie('guap-mirror-search-bench-before') as Mirror;
      MIRROR_VERSIONS.slice(0, 7).forEach((stores, i) => before!.version(i + 1).stores(stores));
    }
    return before;
  },
};
export type MirrorKind = keyof typeof mirrors;

/** A word of the tail that about one post in a thousand holds: the search for it must find the few. */
const RARE_WORD = VOCABULARY[COMMON.length + 15_000]!;

/** Frequent words often, tail words rarely (a Zipf-like skew). */
const sentence = (next: () => number, words: number) =>
  Array.from({ length: words }, () => VOCABULARY[Math.floor(VOCABULARY.length * next() ** 3)]).join(' ');

/** `posts` posts in `posts / 10` threads, each post's thread and time in order. */
function forum(posts: number): { threads: ThreadRow[]; posts: PostRow[] } {
  const next = random(16);
  const threadCount = Math.max(1, Math.floor(posts / 10));
  const base = Date.parse('2026-01-01T00:00:00Z');
  const at = (n: number) => new Date(base + n * 60_000).toISOString();
  const threads = Array.from({ length: threadCount }, (_, i) =>
    toThreadRow(
      {
        id: `t${i}`,
        slug: `thread-${i}`,
        title: sentence(next, 3 + Math.floor(next() * 6)),
        category_id: 'cat',
        author_id: 'u1',
        is_pinned: false,
        is_locked: false,
        is_ad: false,
        view_count: 0,
        reply_count: 9,
        last_reply_at: null,
        highest_post_number: 10,
        created_at: at(i * 10),
        updated_at: at(i * 10),
        sync_txid: 1,
      },
      'guapcoin',
    ),
  );
  const rows = Array.from({ length: posts }, (_, i): PostRow => {
    const number = (i % 10) + 1;
    return {
      id: `p${String(i).padStart(7, '0')}`,
      thread_id: `t${Math.floor(i / 10) % threadCount}`,
      author_id: 'u1',
      content: sentence(next, 20 + Math.floor(next() * 60)),
      type: number === 1 ? 'thread' : 'reply',
      images: [],
      is_first_post: number === 1,
      post_number: number,
      is_edited: false,
      version: 1,
      like_count: 0,
      hidden_at: null,
      created_at: at(i),
      updated_at: at(i),
      sync_txid: 1,
    };
  });
  return { threads, posts: rows };
}

/**
 * Writes the forum as a pull does (putUnlessPending in sync/pullWindow.ts): `rowsPerWrite` rows a transaction (the
 * pull's chunk unless said), a task apart, each transaction reading the outbox and the rows it replaces before its
 * put. Into the indexed mirror with each chunk's words split first (prepareWords, counted in the time); the mirror
 * before the index split none. Answers the time taken in ms.
 */
async function fill(kind: MirrorKind, posts: number, rowsPerWrite?: number): Promise<number> {
  const mirror = mirrors[kind]();
  const indexed = kind === 'index';
  const { threads, posts: posted } = forum(posts);
  const started = performance.now();
  const put = async <T extends { id: string }>(table: 'threads' | 'posts', rows: T[]) => {
    const store = mirror.table(table);
    await inChunks(
      rows,
      async (chunk) => {
        if (indexed) await prepareWords(table, chunk);
        await mirror.transaction('rw', [store, mirror.outbox], async () => {
          await mirror.outbox.toArray();
          await store.bulkGet(chunk.map((row) => row.id));
          await store.bulkPut(chunk);
        });
      },
      rowsPerWrite,
    );
  };
  await put('threads', threads);
  await put('posts', posted);
  return performance.now() - started;
}

export interface Timed {
  ms: number;
  threads: number;
}

const SEARCHES = {
  index: (query: string) => searchMirror(mirrors.index(), query, INSTANT_LIMITS),
  scan: (query: string) => scanMirror(mirrors.scan(), query, INSTANT_LIMITS),
};

export const bench = {
  fill,
  rareWord: () => RARE_WORD,
  /** One keystroke's read: the dropdown's search of the mirror for the query typed so far. */
  search: async (kind: MirrorKind, query: string): Promise<Timed> => {
    const started = performance.now();
    const results = await SEARCHES[kind](query);
    return { ms: performance.now() - started, threads: results.threads.length };
  },
};
