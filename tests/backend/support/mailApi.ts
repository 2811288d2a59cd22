// A Resend-compatible mail API on 127.0.0.1 for tests: records each POST /emails with its bearer key, and answers
// 200 {id} or the status a test scripts next.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: { from: string; to: string[]; subject: string; text: string };
  status: number;
}

export interface MailApi {
  url: string;
  received: ReceivedMail[];
  /** The statuses to answer, in order, before going back to 200. */
  script: number[];
  close(): Promise<void>;
}

/** Resend's error names for the statuses tests script; 409 is a key reused with another mail. */
const ERROR_NAMES: Record<number, string> = { 422: 'validation_error', 409: 'invalid_idempotent_request' };

export async function startMailApi(): Promise<MailApi> {
  const api: MailApi = { url: '', received: [], script: [], close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/emails') {
        res.writeHead(404).end();
        return;
      }
      const status = api.script.shift() ?? 200;
      api.received.push({
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedMail['body'],
        status,
      });
      const body =
        status === 200
          ? { id: `mail-${api.received.length}` }
          : { statusCode: status, name: ERROR_NAMES[status] ?? 'application_error', message: 'No' };
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  server.keepAliveTimeout = 2_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return api;
}
