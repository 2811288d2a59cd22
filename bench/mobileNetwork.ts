// Lighthouse's mobile network (its "slow 4G" preset: 150 ms round trip, 1.6 Mbps down, 750 kbps up) applied to a
// Playwright page over CDP, and a count of the bytes the page receives. Lighthouse counts 1 Kbps as 1,024 bits per
// second; CDP takes throughput in bytes per second. Only the page's own requests are throttled: a service worker is
// a target of its own, so its fetches (the config's NetworkFirst, precaching) run at full speed.
import type { CDPSession, Page } from '@playwright/test';

export const MOBILE_NETWORK = {
  latencyMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
};

const bytesPerSecond = (kbps: number) => Math.floor((kbps * 1024) / 8);

export interface MobileNetwork {
  /** Turns the throttling on (true) or off (false), for the page's next requests. */
  throttle(on: boolean): Promise<void>;
  /** Bytes received by the page since `attachMobileNetwork`: CDP's encodedDataLength of each finished request. */
  bytesReceived(): number;
  detach(): Promise<void>;
}

export async function attachMobileNetwork(page: Page): Promise<MobileNetwork> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
  });
  await cdp.send('Network.enable');
  return {
    throttle: async (on) => {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: on ? MOBILE_NETWORK.latencyMs : 0,
        downloadThroughput: on ? bytesPerSecond(MOBILE_NETWORK.downloadKbps) : -1,
        uploadThroughput: on ? bytesPerSecond(MOBILE_NETWORK.uploadKbps) : -1,
      });
    },
    bytesReceived: () => bytes,
    detach: () => cdp.detach(),
  };
}

export const MOBILE_NETWORK_LABEL = `${MOBILE_NETWORK.latencyMs} ms RTT, ${MOBILE_NETWORK.downloadKbps / 1024} Mbps down, ${MOBILE_NETWORK.uploadKbps} kbps up`;
