import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4391);
/**
 * Workers, each with a server of its own, so a spec never sees another worker's writes. One by default: the specs are
 * CPU-bound on a 2-core machine, so two took 18.8 min against one's 20.5, and one spec (wallet.phone) failed once
 * with two beside other load. E2E_WORKERS=2 runs two.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 1);
/** Worker n's server (Playwright's parallelIndex n, from 0): PORT, PORT + 10, ... */
const workerPort = (parallelIndex: number) => PORT + 10 * parallelIndex;
/** A server shared by every worker, left as the seed made it, for the specs that compare screens with the seed's
 * exact rows. */
const SEED_PORT = PORT + 1;
// A fresh data folder per run, so every run starts from the seed.
const DATA_DIR = join(tmpdir(), `guap-e2e-${Date.now()}`);

/** The block explorer fixture (tests/e2e/support/explorerFixture.ts) of worker n, which the wallet specs start. */
export const explorerPort = (parallelIndex: number) => workerPort(parallelIndex) + 2;

/** The worker's own server in place of worker 0's, which the projects name; the seed server stays shared. */
export function workerBaseURL(baseURL: string | undefined, parallelIndex: number): string {
  if (!baseURL) throw new Error('the project has no baseURL');
  const url = new URL(baseURL);
  if (Number(url.port) === PORT) url.port = String(workerPort(parallelIndex));
  return url.origin;
}

// These specs only read, and assert the seed's exact lists (counts, newest first): other specs' writes would move them.
const SEED_ONLY = /\/(home|lists|search)(\.phone)?\.spec\.ts$/;

/** The servers' fixed secret, so specs can make the service key; they listen on 127.0.0.1 only. */
export const E2E_JWT_SECRET = 'browser-tests-only-jwt-secret-for-127.0.0.1-servers';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: WORKERS,
  // Generous on purpose: on a busy 2-core machine a page can take seconds to settle. A passing test never waits
  // for these; speed budgets live in the benchmarks.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
    // No service worker unless a spec asks for it (test.use({ serviceWorkers: 'allow' })): the PWA and offline specs,
    // whose subject it is. Elsewhere it only precached the whole app beside each test's first pull: blocked, 18 specs
    // took 120 s against 135. The API never passes through it (sw/apiRoutes.ts), so the specs test the same requests.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: [/\.phone\.spec\.ts$/, SEED_ONLY],
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined },
      testMatch: /\.phone\.spec\.ts$/,
      testIgnore: SEED_ONLY,
    },
    {
      name: 'desktop-seed',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${SEED_PORT}` },
      testMatch: SEED_ONLY,
      testIgnore: /\.phone\.spec\.ts$/,
    },
    {
      name: 'phone-seed',
      use: { ...devices['Pixel 7'], channel: undefined, baseURL: `http://127.0.0.1:${SEED_PORT}` },
      testMatch: /\/(home|lists|search)\.phone\.spec\.ts$/,
    },
  ],
  // The built app (npm test builds it first) served by the local stack, as `npm start` does.
  webServer: [
    ...Array.from({ length: WORKERS }, (_, index) => ({
      port: workerPort(index),
      dataDir: `${DATA_DIR}-${index}`,
      explorer: explorerPort(index),
    })),
    { port: SEED_PORT, dataDir: `${DATA_DIR}-seed`, explorer: explorerPort(0) },
  ].map(({ port, dataDir, explorer }) => ({
    command: 'npx tsx tests/e2e/support/startSeeded.ts',
    url: `http://127.0.0.1:${port}/local/v1/config`,
    // The specs sign in far more often than hosted's limits allow from one IP, and post faster than a person; the
    // spec of the posting limits turns them back on for itself (PATCH forum_limits with the service role).
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: E2E_JWT_SECRET,
      AUTH_RATE_LIMITS: 'off',
      POST_RATE_LIMITS: 'off',
      // The wallet's chain as the app reads it: GuapcoinX's id, the explorer fixture, and a download link that is
      // only shown, never fetched.
      WALLET_CHAIN_ID: '71111',
      WALLET_EXPLORER_URL: `http://127.0.0.1:${explorer}/`,
      WALLET_DOWNLOAD_URL: 'https://wallet.guapcoin.example/download',
    },
    reuseExistingServer: false,
    timeout: 120_000,
  })),
});
