// The sync worker: a page's pulls, outbox flushes and the threads its screens open run here, off the page's thread:
// the requests, their JSON, the merges, the word index, the sends and the writes. The page keeps reading the mirror
// through live queries, which Dexie wakes on these writes.
import type { ForumClient } from '../backend/client.ts';
import { createTokenClient } from '../backend/tokenClient.ts';
import { errorKind } from '../backend/errors.ts';
import { openMirror } from '../data/mirror.ts';
import { flushInWorker } from './flushInWorker.ts';
import { memoryLocks, webLocks } from './locks.ts';
import { pullRound } from './pullRound.ts';
import { mirrorThread } from './openRows.ts';
import type { FlushJob, OpenJob, PullJob, PullMessage, PullReply, PullRequest } from './pullWorkerProtocol.ts';

/** The part of a dedicated worker's global scope used here (the DOM types describe a window). */
interface WorkerScope {
  postMessage(message: PullReply): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<PullRequest>) => void): void;
  navigator: { locks?: LockManager };
}

const scope = self as unknown as WorkerScope;
const db = openMirror();
/** The same Web Locks the tabs and the service worker take; a browser without them has one tab (createAppSync.ts). */
const locks = scope.navigator.locks ? webLocks(scope.navigator.locks) : memoryLocks();
/** The client of the latest token: a new one only when the page passes a new token. */
let current: { key: string; client: ForumClient } | undefined;

function clientFor({ backend, accessToken }: PullRequest): ForumClient {
  const key = `${backend.url} ${accessToken ?? ''}`;
  if (current?.key !== key) current = { key, client: createTokenClient(backend, accessToken) };
  return current.client;
}

function pull(request: PullJob & { id: number }, reply: (message: PullMessage) => void) {
  const round = {
    db,
    client: clientFor(request),
    userId: request.userId,
    options: request.options,
    now: request.now,
    onProgress: (rows: number) => reply({ type: 'progress', rows }),
    reached: () => reply({ type: 'reached' }),
  };
  return pullRound(round, request.topics ? new Set(request.topics) : undefined);
}

function flush(request: FlushJob & { id: number }, reply: (message: PullMessage) => void) {
  return flushInWorker({ db, client: clientFor(request), locks }, request, reply);
}

async function open(request: OpenJob & { id: number }, reply: (message: PullMessage) => void) {
  const { thread, pageSize, now } = request;
  reply({ type: 'opened', result: await mirrorThread(db, clientFor(request), thread, pageSize, now) });
}

function work(request: PullRequest, reply: (message: PullMessage) => void): Promise<void> {
  if (request.task === 'flush') return flush(request, reply);
  if (request.task === 'open') return open(request, reply);
  return pull(request, reply);
}

async function run(request: PullRequest) {
  const reply = (message: PullMessage) => scope.postMessage({ id: request.id, message });
  try {
    await work(request, reply);
    reply({ type: 'done' });
  } catch (error) {
    reply({ type: 'failed', kind: errorKind(error), message: error instanceof Error ? error.message : String(error) });
  }
}

scope.addEventListener('message', (event) => void run(event.data));
