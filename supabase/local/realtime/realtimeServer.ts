// Supabase Realtime's websocket at /realtime/v1/websocket, enough of it for supabase-js's channel() to work unchanged:
// Phoenix channels with join, leave, heartbeat, access_token and the database's broadcasts (realtime.send, which
// notifies 'realtime' here: bootstrap.sql). Public channels take anyone holding the project's key; private ones
// whom the RLS policies on realtime.messages let read the topic (topicAccess.ts). Clients' own broadcasts, presence
// and postgres_changes are not served: the app only listens.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { systemClock, type Clock } from '../clock.ts';
import type { Db, JwtClaims } from '../db.ts';
import { QueueFull, type FairQueue } from '../fairQueue.ts';
import { apiKeyRefusal, verifyJwt, type JwtKeys } from '../jwt.ts';
import { decode, encode, vsnOf, type PhoenixMessage, type Vsn } from './phoenix.ts';
import { REALTIME_LIMITS, refuse, TOO_MANY_CONNECTIONS, type RealtimeLimits } from './realtimeLimits.ts';
import { mayRead } from './topicAccess.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';

export { REALTIME_LIMITS, type RealtimeLimits } from './realtimeLimits.ts';

/** The largest frame a client may send: a join or a token is far smaller. */
const MAX_FRAME_BYTES = 64 * 1024;
const MAX_TOPIC_LENGTH = 255;

/** What realtime.send notifies (bootstrap.sql). */
interface Broadcast {
  topic: string;
  event: string;
  payload: unknown;
  private: boolean;
}

interface Channel {
  joinRef: string | null;
  private: boolean;
}

interface Client {
  socket: WebSocket;
  vsn: Vsn;
  address: string;
  /** The socket's token (the project's key, or the last good one a join or access_token gave): a join checks it. */
  token: string;
  claims: JwtClaims;
  channels: Map<string, Channel>;
  lastHeard: number;
}

interface RealtimeDeps {
  db: Db;
  keys: JwtKeys;
  /** The client's address, as the rest of the stack counts it (TRUST_PROXY). */
  addressOf(req: IncomingMessage): string;
  /** Turns at the database per client (fairQueue.ts): a private join's check waits for the client's turn. */
  queue?: FairQueue;
  limits?: Partial<RealtimeLimits>;
  /** What silence and tokens' expiry are measured by; the system's by default. */
  clock?: Clock;
}

const reply = (message: PhoenixMessage, status: 'ok' | 'error', response: Record<string, unknown>) => ({
  ...message,
  event: 'phx_reply',
  payload: { status, response },
});

export class RealtimeServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly clients = new Set<Client>();
  private readonly limits: RealtimeLimits;
  private readonly clock: Clock;
  private readonly stopSweeping: () => void;
  private unlisten?: () => Promise<void>;

  constructor(private readonly deps: RealtimeDeps) {
    this.limits = { ...REALTIME_LIMITS, ...deps.limits };
    this.clock = deps.clock ?? systemClock;
    this.stopSweeping = this.clock.every(Math.min(this.limits.idleMs / 2, 15_000), () => this.sweep());
  }

  /** Starts listening to the database and takes the websocket upgrades of `server` at REALTIME_PATH. */
  async attach(server: Server): Promise<void> {
    this.unlisten = await this.deps.db.listen('realtime', (payload) => this.deliver(payload));
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      void this.upgrade(req, socket, head).catch((error: unknown) => {
        console.error('[local stack] realtime upgrade failed:', error);
        socket.destroy();
      });
    });
  }

  /** How many sockets are open (benchmarks). */
  get size(): number {
    return this.clients.size;
  }

  async close(): Promise<void> {
    this.stopSweeping();
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
    await this.unlisten?.();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== REALTIME_PATH) return refuse(socket, 404, 'Not found');
    const vsn = vsnOf(url);
    if (!vsn) return refuse(socket, 400, 'Unsupported vsn: use 1.0.0 or 2.0.0');
    const apikey = url.searchParams.get('apikey') ?? '';
    const refused = apiKeyRefusal(this.deps.keys.api, { apikey }, req.headers)?.body.message;
    const key = await verifyJwt(this.deps.keys, apikey, this.clock.now());
    if (refused || !key.ok) return refuse(socket, 401, refused ?? 'Invalid API key');
    if (this.clients.size >= this.limits.sockets) return refuse(socket, 403, TOO_MANY_CONNECTIONS);
    const address = this.deps.addressOf(req);
    if ([...this.clients].filter((c) => c.address === address).length >= this.limits.socketsPerClient) {
      return refuse(socket, 429, 'Too many open sockets from this address');
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, vsn, address, apikey, key.claims));
  }

  private open(socket: WebSocket, vsn: Vsn, address: string, token: string, claims: JwtClaims) {
    const client: Client = { socket, vsn, address, token, claims, channels: new Map(), lastHeard: this.clock.now() };
    this.clients.add(client);
    socket.on('message', (data: RawData, isBinary: boolean) => {
      client.lastHeard = this.clock.now();
      if (isBinary) return; // a client's own broadcast: not served
      void this.receive(client, data.toString()).catch((error: unknown) => {
        console.error('[local stack] realtime message failed:', error);
      });
    });
    socket.on('close', () => this.clients.delete(client));
    socket.on('error', () => socket.terminate());
  }

  private send(client: Client, message: PhoenixMessage) {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > this.limits.maxBufferedBytes) return void client.socket.terminate();
    client.socket.send(encode(client.vsn, message));
  }

  private async receive(client: Client, text: string) {
    const message = decode(client.vsn, text);
    if (!message) return void client.socket.close(1003, 'Malformed message');
    if (message.topic === 'phoenix' && message.event === 'heartbeat')
      return this.send(client, reply(message, 'ok', {}));
    switch (message.event) {
      case 'phx_join':
        return this.join(client, message);
      case 'phx_leave':
        client.channels.delete(message.topic);
        this.send(client, reply(message, 'ok', {}));
        return this.send(client, { ...message, ref: message.joinRef, event: 'phx_close', payload: {} });
      case 'access_token':
        return this.refreshToken(client, message);
      default:
        return this.send(client, reply(message, 'error', { reason: `Unsupported event: ${message.event}` }));
    }
  }

  /**
   * A join checks the token it carries, or the socket's, as valid now. A join of a topic the socket holds replaces
   * that channel, as Phoenix does: the old one takes no broadcast from here on, and is closed if the join is refused.
   */
  private async join(client: Client, message: PhoenixMessage) {
    const held = client.channels.get(message.topic);
    client.channels.delete(message.topic);
    const deny = (reason: string) => {
      this.send(client, reply(message, 'error', { reason }));
      if (held) this.sendClose(client, message.topic, held);
    };
    if (!message.topic.startsWith('realtime:') || message.topic.length > MAX_TOPIC_LENGTH) {
      return deny('Topic must be realtime:{name}, at most 255 characters');
    }
    const config = message.payload.config as { private?: unknown; postgres_changes?: unknown } | undefined;
    if (Array.isArray(config?.postgres_changes) && config.postgres_changes.length > 0) {
      return deny('postgres_changes are not served here: the database broadcasts instead');
    }
    if (client.channels.size >= this.limits.channelsPerSocket) {
      return deny(`Too many channels on this socket (at most ${this.limits.channelsPerSocket})`);
    }
    const given = message.payload.access_token;
    const token = given === undefined ? client.token : typeof given === 'string' ? given : '';
    const check = await verifyJwt(this.deps.keys, token, this.clock.now());
    if (!check.ok) return deny(check.failure === 'expired' ? 'Token has expired' : 'Invalid token');
    client.token = token;
    client.claims = check.claims;
    const isPrivate = config?.private === true;
    const name = message.topic.slice('realtime:'.length);
    if (isPrivate) {
      const allowed = await this.mayRead(client, check.claims, name).catch((error: unknown) => {
        if (error instanceof QueueFull) return error;
        throw error;
      });
      if (allowed instanceof QueueFull) return deny(allowed.message);
      if (!allowed) return deny(`Unauthorized: You do not have permissions to read from this Channel topic: ${name}`);
    }
    client.channels.set(message.topic, { joinRef: message.joinRef, private: isPrivate });
    this.send(client, reply(message, 'ok', { postgres_changes: [] }));
  }

  /** A new token for the socket: private channels it may no longer read are closed. */
  private async refreshToken(client: Client, message: PhoenixMessage) {
    const token = message.payload.access_token;
    const check = await verifyJwt(this.deps.keys, typeof token === 'string' ? token : undefined, this.clock.now());
    // A check that cannot have its turn (too many of the client's requests waiting) counts as a refusal.
    const stillReads = async (topic: string, channel: Channel) =>
      !channel.private ||
      (check.ok &&
        (await this.mayRead(client, check.claims, topic.slice('realtime:'.length)).catch((error: unknown) => {
          if (error instanceof QueueFull) return false;
          throw error;
        })));
    if (check.ok && typeof token === 'string') {
      client.token = token;
      client.claims = check.claims;
    }
    for (const [topic, channel] of client.channels) {
      if (await stillReads(topic, channel)) continue;
      client.channels.delete(topic);
      this.sendClose(client, topic, channel);
    }
  }

  private sendClose(client: Client, topic: string, channel: Channel) {
    this.send(client, { joinRef: channel.joinRef, ref: channel.joinRef, topic, event: 'phx_close', payload: {} });
  }

  /** The policies' answer for `claims` on `topic`, asked in the client's turn at the database. */
  private async mayRead(client: Client, claims: JwtClaims, topic: string): Promise<boolean> {
    const release = await this.deps.queue?.acquire(client.address);
    try {
      return await mayRead(this.deps.db, claims, topic);
    } finally {
      release?.();
    }
  }

  private deliver(notification: string) {
    const broadcast = parseBroadcast(notification);
    if (!broadcast) return console.warn('[local stack] realtime: not a broadcast:', notification.slice(0, 200));
    const topic = `realtime:${broadcast.topic}`;
    const payload = { type: 'broadcast', event: broadcast.event, payload: broadcast.payload };
    for (const client of this.clients) {
      const channel = client.channels.get(topic);
      if (!channel || channel.private !== broadcast.private) continue;
      this.send(client, { joinRef: channel.joinRef, ref: null, topic, event: 'broadcast', payload });
    }
  }

  /** Closes silent sockets, and the private channels of a token that has expired (until the client sends a new one). */
  private sweep() {
    const now = this.clock.now();
    for (const client of this.clients) {
      if (client.lastHeard < now - this.limits.idleMs) {
        client.socket.terminate();
        continue;
      }
      const exp = client.claims.exp;
      if (typeof exp !== 'number' || exp * 1000 > now) continue;
      for (const [topic, channel] of client.channels) {
        if (!channel.private) continue;
        client.channels.delete(topic);
        this.sendClose(client, topic, channel);
      }
    }
  }
}

function parseBroadcast(text: string): Broadcast | null {
  try {
    const value = JSON.parse(text) as Partial<Broadcast>;
    if (typeof value.topic !== 'string' || typeof value.event !== 'string') return null;
    return { topic: value.topic, event: value.event, payload: value.payload ?? {}, private: value.private === true };
  } catch {
    return null;
  }
}
