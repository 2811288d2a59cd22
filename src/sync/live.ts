// Live updates: a Realtime socket that only pokes. The database broadcasts 'changed' on the public 'forum'
// topic and on the member's private 'user:{id}' topic, with no row (20261129000100_live_updates.sql); each poke asks
// the engine for its ordinary pull, which RLS answers. realtime-js is a fifth of the first screen's JavaScript, so the
// app's supabase-js carries a stub (vite.config.ts) and this loads the real client when the engine starts, after the
// first paint.
import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';
import type { Topic } from '../data/syncedTables.ts';

/** SPEC §9: heartbeat 25 s, reconnect delays 1, 2, 5 and 10 s, default time-out 10 s. */
const REALTIME_SETTINGS = {
  heartbeatIntervalMs: 25_000,
  reconnectDelaysMs: [1_000, 2_000, 5_000, 10_000],
  timeoutMs: 10_000,
} as const;

export interface LiveHandlers {
  /** Something this device can read changed on the server: pull that topic's tables. Also on each (re)join. */
  poke(topic: Topic): void;
  /** Whether the forum topic is joined: while it is, the interval pull may wait longer. */
  up(isUp: boolean): void;
}

/** The engine's view of live updates: tests run the engine without one. */
export interface LiveConnection {
  /** Joins the topics of `userId` (none for a visitor) with `accessToken`, leaving the last member's. */
  setMember(userId: string | null, accessToken: string | null): Promise<void>;
  stop(): void;
}

export type ConnectLive = (handlers: LiveHandlers) => Promise<LiveConnection>;

/** The wait before the `tries`th attempt to connect again (realtime-js counts from 1): 1, 2, 5, then 10 s. */
export function reconnectAfterMs(tries: number): number {
  const delays = REALTIME_SETTINGS.reconnectDelaysMs;
  return delays[Math.min(Math.max(tries, 1), delays.length) - 1]!;
}

/**
 * Connects to the backend's Realtime at `${url}/realtime/v1` with the project's anon key. `transport`: a WebSocket
 * class where the platform has none (Node 20, in tests).
 */
export function realtimeConnector(
  backend: { url: string; anonKey: string },
  transport?: typeof globalThis.WebSocket,
): ConnectLive {
  return async (handlers) => {
    // The real client, not the stub the app's supabase-js was built with.
    const realtime = await import('@supabase/realtime-js/dist/module/index.js');
    const client = new realtime.RealtimeClient(`${backend.url.replace(/\/$/, '')}/realtime/v1`, {
      params: { apikey: backend.anonKey },
      heartbeatIntervalMs: REALTIME_SETTINGS.heartbeatIntervalMs,
      reconnectAfterMs,
      timeout: REALTIME_SETTINGS.timeoutMs,
      ...(transport ? { transport } : {}),
    });
    return new Live(client, handlers);
  };
}

class Live implements LiveConnection {
  private own: RealtimeChannel | null = null;

  constructor(
    private readonly client: RealtimeClient,
    private readonly handlers: LiveHandlers,
  ) {
    this.join('forum', false, handlers.up);
  }

  async setMember(userId: string | null, accessToken: string | null) {
    await this.client.setAuth(accessToken);
    const topic = userId ? `user:${userId}` : null;
    if (this.own?.subTopic === topic) return;
    if (this.own) await this.client.removeChannel(this.own);
    this.own = topic ? this.join(topic, true) : null;
  }

  stop() {
    void this.client.removeAllChannels();
    void this.client.disconnect();
  }

  private join(topic: string, isPrivate: boolean, up?: (isUp: boolean) => void): RealtimeChannel {
    const channel = this.client.channel(topic, { config: { private: isPrivate } });
    const poked: Topic = isPrivate ? 'member' : 'forum';
    channel.on('broadcast', { event: 'changed' }, () => this.handlers.poke(poked));
    channel.subscribe((status) => {
      up?.(status === 'SUBSCRIBED');
      if (status === 'SUBSCRIBED') this.handlers.poke(poked);
    });
    return channel;
  }
}
