// Waits until the service worker controls the page. A test that goes offline before then meets a worker still
// installing, whose install fails with the connection, and an offline navigation that nothing answers.
import { expect, type BrowserContext, type CDPSession, type Page } from '@playwright/test';

export async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * Waits until the service worker is active, its precache complete. Enough for an offline navigation: the active
 * worker answers every navigation in its scope, whether or not it controls the page navigated from (it claims no
 * page, so a page loaded before it activated stays uncontrolled, and waiting for control there never ends).
 */
export async function serviceWorkerActive(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** The id CDP gives the registration of `scope`, which its ServiceWorker domain's sync and push events name. */
export async function registrationIdOf(cdp: CDPSession, scope: string): Promise<string> {
  const id = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === scope);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return id;
}

/**
 * The browser refuses the pages' Background Sync registrations, as when a member has turned Background Sync off:
 * only the page sends, when it is online. Chromium fires a registered sync by its own notion of online, not the
 * emulation's, so with the emulation offline it starts the service worker's sends (two or three within two seconds
 * of an offline reload here), and a worker the browser has just started can get its emulation, and its routes,
 * after its first request went out. (Chromium keeps this setting from DevTools' Browser.setPermission.)
 */
export async function backgroundSyncRefused(context: BrowserContext) {
  await context.addInitScript(() => {
    const refuse = () => Promise.reject(new DOMException('Background Sync is turned off', 'NotAllowedError'));
    const { SyncManager } = self as unknown as { SyncManager?: { prototype: object } };
    if (SyncManager) Object.defineProperty(SyncManager.prototype, 'register', { value: refuse });
  });
}
