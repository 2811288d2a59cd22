// The specs' `test`: Playwright's, with each worker on its own server (playwright.config.ts starts one per worker).
import { test as base } from '@playwright/test';
import { workerBaseURL } from '../../../playwright.config.ts';

export * from '@playwright/test';

export const test = base.extend({
  // Playwright's fixture callback is named `use` too, which the React hooks rule takes for React's.
  baseURL: async ({ baseURL }, provide, testInfo) => provide(workerBaseURL(baseURL, testInfo.parallelIndex)),
});
