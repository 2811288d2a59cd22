// The page's side of live updates: the socket runs in a worker of its own (liveWorker.ts), so realtime-js's code, the
// socket's frames and its heartbeats stay off the page's thread; each tab has its own, as it had its own socket.
import type { BackendConfig } from '../backend/config.ts';
import type { ConnectLive, LiveConnection } from './live.ts';
import type { LiveCommand, LiveNews } from './liveWorkerProtocol.ts';

/**
 * Starts a live updates worker for `backend`; resolves once its socket's code runs, and rejects if the worker or
 * that code could not load (the connection dropped), so the caller may start another. A worker that dies later is
 * heard as the forum topic going down: the engine goes back to its shorter interval pull.
 */
export function liveInWorker(backend: Pick<BackendConfig, 'url' | 'anonKey'>): ConnectLive {
  return (handlers) =>
    new Promise<LiveConnection>((resolve, reject) => {
      const worker = new Worker(new URL('./liveWorker.ts', import.meta.url), { type: 'module', name: 'guap-live' });
      const send = (command: LiveCommand) => worker.postMessage(command);
      const connection: LiveConnection = {
        setMember: async (userId, accessToken) => send({ type: 'member', userId, accessToken }),
        stop: () => worker.terminate(),
      };
      const fail = (message: string) => {
        worker.terminate();
        handlers.up(false);
        reject(new Error(`Live updates stopped: ${message}`));
      };
      worker.addEventListener('message', ({ data: news }: MessageEvent<LiveNews>) => {
        if (news.type === 'ready') resolve(connection);
        else if (news.type === 'poke') handlers.poke(news.topic);
        else if (news.type === 'up') handlers.up(news.isUp);
        else fail(news.message);
      });
      worker.addEventListener('error', (event) => fail(event.message || 'its worker could not start'));
      send({ type: 'start', backend: { url: backend.url, anonKey: backend.anonKey } });
    });
}
