// Lighthouse's mobile network (its "slow 4G" preset: 150 ms round trip, 1.6 Mbps down, 750 kbps up) applied to a
// Playwright page over CDP, and a count of the bytes the page receives. Lighthouse counts 1 Kbps as 1,024 bits per
// second; CDP takes throughput in bytes per second. A dedicated worker (the app's sync worker) is a target of its own
// whose requests the page's session neither throttles nor sees, so the page's session attaches to each worker it
// starts, paused before its first line, and throttles and counts it too. A service worker is not the page's child:
// its fetches (the config's NetworkFirst, precaching) run at full speed.
import type { CDPSession, Page } from '@playwright/test';

export const MOBILE_NETWORK = {
  latencyMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
};

const bytesPerSecond = (kbps: number) => Math.floor((kbps * 1024) / 8);

/** CDP's Network.emulateNetworkConditions for the mobile network (on) or none (off). */
export const networkConditions = (on: boolean) => ({
  offline: false,
  latency: on ? MOBILE_NETWORK.latencyMs : 0,
  downloadThroughput: on ? bytesPerSecond(MOBILE_NETWORK.downloadKbps) : -1,
  uploadThroughput: on ? bytesPerSecond(MOBILE_NETWORK.uploadKbps) : -1,
});

export interface MobileNetwork {
  /** Turns the throttling on (true) or off (false), for the next requests of the page and of its workers. */
  throttle(on: boolean): Promise<void>;
  /** Bytes received by the page and its workers since `attachMobileNetwork`: CDP's encodedDataLength of each
   * finished request. */
  bytesReceived(): number;
  detach(): Promise<void>;
}

interface Attached {
  sessionId: string;
  targetInfo: { type: string };
  waitingForDebugger: boolean;
}

export async function attachMobileNetwork(page: Page): Promise<MobileNetwork> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  let bytes = 0;
  // A worker's request can be reported to the page's session too: each request counts once, by its id. A blob or
  // data URL reports no length (-1).
  const counted = new Set<string>();
  const count = ({ requestId, encodedDataLength }: { requestId: string; encodedDataLength: number }) => {
    if (counted.has(requestId) || encodedDataLength < 0) return;
    counted.add(requestId);
    bytes += encodedDataLength;
  };
  let throttled = false;
  const workers = new Set<string>();
  let nextId = 0;
  // Playwright's CDP session cannot address a child session directly: commands to a worker go wrapped in
  // Target.sendMessageToTarget, and its events come back in Target.receivedMessageFromTarget. One session's
  // commands run in order, so the worker resumes only after its network is set.
  const toWorker = (sessionId: string, method: string, params: object = {}) =>
    cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: (nextId += 1), method, params }),
    });
  const setUp = async ({ sessionId, targetInfo, waitingForDebugger }: Attached) => {
    if (targetInfo.type === 'worker') {
      workers.add(sessionId);
      await toWorker(sessionId, 'Network.enable');
      await toWorker(sessionId, 'Network.emulateNetworkConditions', networkConditions(throttled));
    }
    if (waitingForDebugger) await toWorker(sessionId, 'Runtime.runIfWaitingForDebugger');
  };

  cdp.on('Network.loadingFinished', count);
  cdp.on('Target.attachedToTarget', (event: Attached) => {
    // A worker that closes while it is set up (its page navigated) has nothing left to throttle.
    setUp(event).catch(() => workers.delete(event.sessionId));
  });
  cdp.on('Target.detachedFromTarget', ({ sessionId }: { sessionId?: string }) => {
    if (sessionId) workers.delete(sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }: { sessionId: string; message: string }) => {
    if (!workers.has(sessionId)) return;
    const parsed = JSON.parse(message) as {
      method?: string;
      params?: { requestId: string; encodedDataLength: number };
    };
    if (parsed.method === 'Network.loadingFinished' && parsed.params) count(parsed.params);
  });
  await cdp.send('Network.enable');
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return {
    throttle: async (on) => {
      throttled = on;
      await cdp.send('Network.emulateNetworkConditions', networkConditions(on));
      await Promise.all(
        [...workers].map((sessionId) => toWorker(sessionId, 'Network.emulateNetworkConditions', networkConditions(on))),
      );
    },
    bytesReceived: () => bytes,
    detach: () => cdp.detach(),
  };
}

export const MOBILE_NETWORK_LABEL = `${MOBILE_NETWORK.latencyMs} ms RTT, ${MOBILE_NETWORK.downloadKbps / 1024} Mbps down, ${MOBILE_NETWORK.uploadKbps} kbps up`;
