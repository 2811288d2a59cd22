// A Chromium page driven over a bare DevTools connection, for the benches that judge the page's long tasks.
//
// Playwright enables the Runtime domain on every page it drives, and with it V8 records a detailed stack (lines and
// columns) for every Error made: React DOM makes four as its module evaluates, and placing them re-parses its 207 KB
// chunk, which made that evaluation 37-57 ms of the page's thread against 5 ms with no inspector (traces in the
// note of session 35). A member's browser has no inspector. This page never enables Runtime or Debugger: it sets its
// init script, viewport and network through Page, Emulation and Network, and reads the page with Runtime.evaluate,
// which needs no domain enabled. Workers (the app's sync worker) are attached paused, their requests counted, and let
// go.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { networkConditions } from './mobileNetwork.ts';

export interface PlainPageOptions {
  /** Runs before the page's own scripts in every document, as Playwright's addInitScript. */
  initScript: string;
  width: number;
  height: number;
  /** Lighthouse's mobile network for the page and its workers. */
  throttled: boolean;
}

export interface PlainPage {
  navigate(url: string): Promise<void>;
  /** The value of an expression in the page (a promise is awaited); it must be JSON. */
  evaluate<T>(expression: string): Promise<T>;
  /** A command to the page's session (Profiler.start, say). */
  send<T = unknown>(method: string, params?: object): Promise<T>;
  /** Bytes the page and its workers received: CDP's encodedDataLength of each finished request. */
  bytesReceived(): number;
  close(): Promise<void>;
}

interface Message {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
}

const START_TIMEOUT_MS = 30_000;
const COMMAND_TIMEOUT_MS = 120_000;

/** Chromium's browser endpoint, which it prints once it listens. */
function endpointOf(browser: ChildProcess) {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('Chromium printed no DevTools endpoint in 30 s')),
      START_TIMEOUT_MS,
    );
    browser.once('exit', (code) => reject(new Error(`Chromium exited with ${code} before it listened`)));
    createInterface({ input: browser.stderr! }).on('line', (line) => {
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(line)?.[1];
      if (!found) return;
      clearTimeout(timer);
      resolve(found);
    });
  });
}

export async function openPlainPage(options: PlainPageOptions): Promise<PlainPage> {
  const profileDir = await mkdtemp(join(tmpdir(), 'guap-bench-plain-chromium-'));
  const browser = spawn(
    '/usr/bin/chromium',
    [
      ...CHROMIUM_ARGS,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const close = async () => {
    if (browser.exitCode === null && browser.signalCode === null) {
      const exited = new Promise((resolve) => browser.once('exit', resolve));
      browser.kill();
      await exited;
    }
    await rm(profileDir, { recursive: true, force: true });
  };
  try {
    return await attach(await endpointOf(browser), options, close);
  } catch (error) {
    await close();
    throw error;
  }
}

async function attach(
  endpoint: string,
  options: PlainPageOptions,
  closeBrowser: () => Promise<void>,
): Promise<PlainPage> {
  const socket = new WebSocket(endpoint, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  let nextId = 0;
  const pending = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  const listeners: ((message: Message) => void)[] = [];
  const command = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = (nextId += 1);
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${method} had no answer in ${COMMAND_TIMEOUT_MS / 1000} s`));
      }, COMMAND_TIMEOUT_MS);
      pending.set(id, {
        resolve: (result) => (clearTimeout(timer), resolve(result as T)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      socket.send(JSON.stringify({ id, method, params, sessionId }));
    });
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Message;
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (waiting) {
      pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result ?? {});
    }
    for (const listener of listeners) listener(message);
  });
  socket.on('close', () => {
    for (const waiting of pending.values()) waiting.reject(new Error('Chromium closed its DevTools connection'));
    pending.clear();
  });

  let bytes = 0;
  const counted = new Set<string>();
  const conditions = networkConditions(options.throttled);
  listeners.push((message) => {
    if (message.method === 'Network.loadingFinished') {
      const { requestId, encodedDataLength } = message.params as { requestId: string; encodedDataLength: number };
      if (counted.has(requestId) || encodedDataLength < 0) return;
      counted.add(requestId);
      bytes += encodedDataLength;
    }
    if (message.method === 'Target.attachedToTarget') {
      const { sessionId, targetInfo } = message.params as { sessionId: string; targetInfo: { type: string } };
      // The page's network conditions hold for its dedicated workers' requests: Chromium answers "Not supported" to
      // setting them on a worker. Its session reports the worker's requests for the byte count.
      const setUp = async () => {
        if (targetInfo.type === 'worker') await command('Network.enable', {}, sessionId);
        await command('Runtime.runIfWaitingForDebugger', {}, sessionId);
      };
      // A worker that ends while it is set up (its page navigated) has nothing left to count.
      setUp().catch((error: Error) => console.warn(`a worker left before it was set up: ${error.message}`));
    }
  });

  const { targetInfos } = await command<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
  const target = targetInfos.find((info) => info.type === 'page');
  if (!target) throw new Error('Chromium opened no page');
  const { sessionId } = await command<{ sessionId: string }>('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: true,
  });
  const send = <T>(method: string, params: object = {}) => command<T>(method, params, sessionId);
  await send('Page.enable');
  await send('Page.addScriptToEvaluateOnNewDocument', { source: options.initScript });
  await send('Emulation.setDeviceMetricsOverride', {
    width: options.width,
    height: options.height,
    deviceScaleFactor: 1,
    mobile: false,
  });
  await send('Network.enable');
  await send('Network.emulateNetworkConditions', conditions);
  await send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });

  return {
    navigate: async (url) => {
      const { errorText } = await send<{ errorText?: string }>('Page.navigate', { url });
      if (errorText) throw new Error(`navigating to ${url} failed: ${errorText}`);
    },
    evaluate: async <T>(expression: string) => {
      const { result, exceptionDetails } = await send<{
        result: { value: T };
        exceptionDetails?: { exception?: { description?: string }; text: string };
      }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return result.value;
    },
    send,
    bytesReceived: () => bytes,
    close: async () => {
      socket.close();
      await closeBrowser();
    },
  };
}
