// A proxy on 127.0.0.1 in front of a local stack that cuts the connection of the requests a test names, as a dead
// network does: the browser sees no answer, with nothing of Playwright's routing in the way. Routing cannot stand in
// for a dead connection where the service worker sends: a worker request that Playwright aborts or fulfills keeps that
// worker from going idle, so a new version waiting behind it never activates (seen in pwa.update.spec: stuck in
// "activating" for the whole test; through this proxy, it activated within 1.1 s of the Update click).
// The stack answers with the origin it was reached on, so the app served through the proxy talks only to the proxy.
import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ConnectionCutter {
  /** The proxy's origin: open the app here. */
  url: string;
  /** Requests it cuts from now on (none when null). */
  cut(match: ((req: IncomingMessage) => boolean) | null): void;
  close(): Promise<void>;
}

export async function startConnectionCutter(target: string): Promise<ConnectionCutter> {
  const { hostname, port } = new URL(target);
  let match: ((req: IncomingMessage) => boolean) | null = null;
  const tunnels = new Set<Socket>();
  const server = createServer((req, res) => {
    if (match?.(req)) {
      req.socket.destroy();
      return;
    }
    // A connection of its own for each request (agent: false): a kept one could be reused just as the stack closes it
    // for idleness, a reset no browser would meet.
    const upstream = request(
      { host: hostname, port, method: req.method, path: req.url, headers: req.headers, agent: false },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.rawHeaders);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  // Realtime's websocket: the upgrade request goes on as it came, then bytes flow both ways.
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const upstream = connect(Number(port), hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    for (const end of [socket, upstream]) {
      tunnels.add(end);
      end.on('close', () => tunnels.delete(end));
    }
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut(next) {
      match = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        for (const end of tunnels) end.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A request that writes to the stack's API (REST or functions): what a dead connection keeps from the server. */
export function isApiWrite(req: IncomingMessage): boolean {
  return !['GET', 'HEAD'].includes(req.method ?? '') && /^\/(rest|functions)\//.test(req.url ?? '');
}

/**
 * A spec's tests open the app through a cutter of their own, in front of their worker's server, for the test's
 * length: `const network = eachTestThroughCutter(); test.use({ baseURL: network.baseURL });`, then `network.cutter`.
 */
export function eachTestThroughCutter() {
  let current: ConnectionCutter | undefined;
  return {
    baseURL: async ({ baseURL }: { baseURL: string | undefined }, provide: (url: string) => Promise<void>) => {
      if (!baseURL) throw new Error('the test has no server to stand in front of');
      current = await startConnectionCutter(baseURL);
      await provide(current.url);
      await current.close();
    },
    get cutter(): ConnectionCutter {
      if (!current) throw new Error('no test runs through the cutter yet');
      return current;
    },
  };
}
