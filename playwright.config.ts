import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4391);
/** A second server, left as the seed made it, for the specs that compare screens with the seed's exact rows. */
const SEED_PORT = PORT + 1;
// A fresh data folder per run, so every run starts from the seed.
const DATA_DIR = join(tmpdir(), `guap-e2e-${Date.now()}`);
const SEED_DATA_DIR = `${DATA_DIR}-seed`;
/** The block explorer fixture (tests/e2e/support/explorerFixture.ts), which the wallet specs start themselves. */
export const EXPLORER_PORT = PORT + 2;

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
  workers: 1,
  // Generous on purpose: on a busy 2-core machine a page can take seconds to settle. A passing test never waits
  // for these; speed budgets live in the benchmarks.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
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
    { port: PORT, dataDir: DATA_DIR },
    { port: SEED_PORT, dataDir: SEED_DATA_DIR },
  ].map(({ port, dataDir }) => ({
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
      WALLET_EXPLORER_URL: `http://127.0.0.1:${EXPLORER_PORT}/`,
      WALLET_DOWNLOAD_URL: 'https://wallet.guapcoin.example/download',
    },
    reuseExistingServer: false,
    timeout: 120_000,
  })),
});
