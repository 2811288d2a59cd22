// The bounds of the realtime websocket, and how it refuses a socket past them.
import type { Duplex } from 'node:stream';

export interface RealtimeLimits {
  /** Open sockets, all clients together: the concurrent connections of hosted Realtime's Pro plan. */
  sockets: number;
  /** Open sockets per client address. */
  socketsPerClient: number;
  /** Channels one socket may join. */
  channelsPerSocket: number;
  /** A socket that sends nothing (not even its 25 s heartbeat) for this long is closed. */
  idleMs: number;
  /** A socket that reads too slowly to keep this much queued is closed. */
  maxBufferedBytes: number;
}

export const REALTIME_LIMITS: RealtimeLimits = {
  sockets: 500,
  socketsPerClient: 100,
  channelsPerSocket: 100,
  idleMs: 60_000,
  maxBufferedBytes: 1024 * 1024,
};

/**
 * Hosted Realtime's refusal of a socket past the project's concurrent connections (UserSocket.connect: its
 * ConnectionRateLimitReached error, which Phoenix answers with a 403 to the upgrade).
 */
export const TOO_MANY_CONNECTIONS = 'ConnectionRateLimitReached: Too many connected users';

/** Answers a websocket upgrade with `status` and `message`, and closes the connection. */
export function refuse(socket: Duplex, status: number, message: string) {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${message}\r\nconnection: close\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
