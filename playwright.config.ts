import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4391);
// A fresh data folder per run, so every run starts from the seed.
const DATA_DIR = join(tmpdir(), `guap-e2e-${Date.now()}`);

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
  timeout: 30_000,
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /\.phone\.spec\.ts$/ },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: /\.phone\.spec\.ts$/ },
  ],
  webServer: {
    // The built app (npm test builds it first) served by the local stack, as `npm start` does.
    command: 'npx tsx supabase/local/start.ts',
    url: `http://127.0.0.1:${PORT}/local/v1/config`,
    env: { PORT: String(PORT), DATA_DIR },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
