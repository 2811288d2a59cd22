// The live updates worker: realtime-js, its socket's frames and its heartbeats run here, and the page hears only
// the pokes and whether the forum topic is joined (liveInWorker.ts).
import { realtimeConnector, type LiveConnection } from './live.ts';
import type { LiveCommand, LiveNews } from './liveWorkerProtocol.ts';

/** The part of a dedicated worker's global scope used here (the DOM types describe a window). */
interface WorkerScope {
  postMessage(message: LiveNews): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<LiveCommand>) => void): void;
}

const scope = self as unknown as WorkerScope;
const tell = (news: LiveNews) => scope.postMessage(news);
let live: Promise<LiveConnection> | undefined;
/** The members' joins, one after the other: a later token never goes before an earlier one. */
let joins: Promise<unknown> = Promise.resolve();

scope.addEventListener('message', ({ data: command }) => {
  if (command.type === 'start') {
    live ??= realtimeConnector(command.backend)({
      poke: (topic) => tell({ type: 'poke', topic }),
      up: (isUp) => tell({ type: 'up', isUp }),
    });
    live.then(
      () => tell({ type: 'ready' }),
      (error: unknown) => tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return;
  }
  const started = live;
  if (!started) return;
  joins = joins.then(async () => (await started).setMember(command.userId, command.accessToken));
});
