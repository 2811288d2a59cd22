// A web push service on 127.0.0.1 for tests: HTTPS with its own certificate, as push services are. It hands out
// subscriptions made with its own P-256 keys and auth secrets, as a browser's PushManager would, and decrypts what
// it receives (aes128gcm, RFC 8291 and RFC 8188) with them. It answers 201, or the status a test scripts.
import { createECDH, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import { generate } from 'selfsigned';

export interface TestSubscription {
  id: string;
  endpoint: string;
  /** Base64url, as PushSubscription.toJSON() gives them. */
  p256dh: string;
  auth: string;
}

export interface PushRequest {
  subscriptionId: string;
  headers: IncomingHttpHeaders;
  /** The decrypted message. */
  payload: unknown;
  /** The `k` of the VAPID authorization, once its token verified with that key for this origin. */
  vapidPublicKey: string;
  /** What the service answered. */
  status: number;
}

interface Keys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

export interface PushService {
  /** PEM of the certificate the service presents: what a sender must trust. */
  caCert: string;
  origin: string;
  subscribe(): TestSubscription;
  /** From now on, answer `status` for this subscription (404 or 410: it is gone). */
  answer(subscriptionId: string, status: number): void;
  /** Called with each request before it is answered; the answer waits for it. */
  beforeAnswer?: (request: PushRequest) => Promise<void> | void;
  received: PushRequest[];
  /** Waits until `count` requests arrived in all. */
  waitForRequests(count: number, timeoutMs?: number): Promise<PushRequest[]>;
  close(): Promise<void>;
}

const b64 = (buf: Buffer) => buf.toString('base64url');
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 section 3 and RFC 8188 section 2: one record, padding delimiter 2. */
export function decryptAes128gcm(body: Buffer, keys: Keys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdhSecret = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderPublic]);
  const ikm = hkdf(keys.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('Not the last record of an aes128gcm message (padding delimiter is not 2)');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292): the token is signed with k and names this origin. A
 * sender reuses its token until it expires, and a header verified once is remembered.
 */
async function vapidKey(header: string | undefined, origin: string, verified: Set<string>): Promise<string> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`No VAPID authorization: ${header}`);
  if (!verified.has(header!)) {
    const raw = Buffer.from(match[2]!, 'base64url');
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
      'ES256',
    );
    await jwtVerify(match[1]!, key, { audience: origin, algorithms: ['ES256'] });
    verified.add(header!);
  }
  return match[2]!;
}

export async function startPushService(): Promise<PushService> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const keys = new Map<string, Keys>();
  const scripted = new Map<string, number>();
  const waiters = new Set<() => void>();
  const verifiedHeaders = new Set<string>();
  let origin = '';

  const service: PushService = {
    caCert: pems.cert,
    origin: '',
    received: [],
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomUUID();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return { id, endpoint: `${origin}/push/${id}`, p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) };
    },
    answer(subscriptionId, status) {
      scripted.set(subscriptionId, status);
    },
    waitForRequests(count, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (service.received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(service.received.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`push service: ${service.received.length} of ${count} requests arrived`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const id = /^\/push\/([0-9a-f-]+)$/.exec(req.url ?? '')?.[1];
        const subscriptionKeys = id ? keys.get(id) : undefined;
        if (!id || !subscriptionKeys || req.method !== 'POST') {
          res.writeHead(404).end();
          return;
        }
        try {
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('Content-Encoding is not aes128gcm');
          const request: PushRequest = {
            subscriptionId: id,
            headers: req.headers,
            payload: JSON.parse(decryptAes128gcm(Buffer.concat(chunks), subscriptionKeys)),
            vapidPublicKey: await vapidKey(req.headers.authorization, origin, verifiedHeaders),
            status: scripted.get(id) ?? 201,
          };
          service.received.push(request);
          await service.beforeAnswer?.(request);
          res.writeHead(request.status).end();
          for (const waiter of [...waiters]) waiter();
        } catch (e) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end(e instanceof Error ? e.message : String(e));
        }
      })();
    });
  });
  server.keepAliveTimeout = 2_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.origin = origin;
  return service;
}
