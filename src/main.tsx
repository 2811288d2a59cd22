// Boot: find the backend, create its client and the session, then render the router.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot.tsx';
import { debugPagesEnabled } from './app/debugPages.ts';
import { createAppRouter, loadKeyboardShortcuts } from './app/router.tsx';
import { warmScreens } from './app/warmScreens.ts';
import { whenIdle } from './lib/whenIdle.ts';
import { loadAgainWhenOnline } from './lib/loadAgainWhenOnline.ts';
import { createAppSession } from './app/boot/createAppSession.ts';
import { backendOf } from './state/BackendContext.tsx';
import { embeddedConfig, loadBackendConfig, refreshBackendConfig, savedConfig } from './backend/config.ts';
import { createAppSync } from './app/boot/createAppSync.ts';
import { logErrorLater } from './state/errors/logErrorLater.ts';
import { FIRST_ROWS_SCRIPT_ID } from './data/firstRowsScript.ts';
import { installedMirrorVersion } from './data/installedMirror.ts';
import { loadHeaderSearch } from './app/shell/Header.tsx';
import type { FirstScreen } from './state/queries/firstScreen.tsx';
import { takeEarlyTaps, tapAgain } from './app/boot/earlyInput.ts';
import './ui/theme.css';

window.addEventListener('error', (event) => console.error('Unhandled error', event.error ?? event.message));

const rootElement = document.getElementById('root')!;
const loadClient = () => import('./backend/client.ts');
// The rows the server rendered this page from, when it did: read beside the config, by a module of their own.
const firstPage = document.getElementById(FIRST_ROWS_SCRIPT_ID)
  ? import('./sync/seedFirstRows.ts').then((m) => ({ ...m.firstPageIn(document, window.location), m }))
  : undefined;

// Asked beside the config: a mirror that is new, or current, opens without declaring its history of versions.
const installedMirror = installedMirrorVersion(window.indexedDB);

const configSources = {
  env: import.meta.env,
  fetch: window.fetch.bind(window),
  storage: window.localStorage,
  online: navigator.onLine,
  embedded: embeddedConfig(document, window.location.origin),
};
// Without a kept answer the start itself asks the server; with one, the server is asked after the first render. A
// config in the HTML is the server's own, fresh.
const startsFromKeptConfig = !configSources.embedded && savedConfig(configSources.storage) !== undefined;

/**
 * The server rendered the page as the app's first render for a visitor (hydratesAt): the app hydrates that markup
 * instead of replacing it, a member's too, whose first render is a visitor's (the session store's first state) and the
 * next one the member's, in place. A session arriving in the address is not yet a session, nor a visitor's page.
 */
function hydratesServerPage(rendered: boolean | undefined): boolean {
  return rendered === true && !/access_token|error_description/.test(window.location.hash);
}

loadBackendConfig(configSources).then(
  async (config) => {
    // supabase-js loads after the first screen, which paints from the mirror. Its code not loading (the connection
    // dropped after the paint) renders the page anew, and the client comes once the browser is back online: the
    // engine and the session wait for it instead of failing for the page's life.
    const clientCode = loadClient();
    const client = clientCode.catch(loadAgainWhenOnline(loadClient)).then((m) => m.createBackendClient(config));
    const sync = createAppSync(client, config, await installedMirror);
    const first = await firstPage?.catch((error: unknown) => {
      logErrorLater(error, 'Could not read the rows the page came with');
      return undefined;
    });
    const hydrating = hydratesServerPage(first?.hydrates);
    const session = createAppSession(client, config.url, sync.db, hydrating);
    // Once the first screen is up: it paints from the mirror, and a return visit starts no request before it.
    whenIdle(() => void sync.start(), 500);
    // Started before the first render so a password-reset link's PASSWORD_RECOVERY event is not missed.
    session.getState().start();
    // The router is built in a task of its own: with the mirror's schema and the session before it, one task was
    // long enough to hold a tap back on a phone.
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    const router = createAppRouter({ debugPages: debugPagesEnabled(import.meta.env), mirror: sync.db });
    // The rows the HTML shows go into the mirror first, so the live reads find them too.
    if (first?.rows) {
      await first.m
        .seedFirstRows(sync.db, first.rows)
        .catch((error: unknown) => logErrorLater(error, 'Could not keep the rows the page came with'));
    }
    // Only a hydrating render starts from the rows' answers, read as a visitor: the live reads that follow answer from
    // the mirror, a member's own rows with them.
    const firstScreen: FirstScreen = {
      answers: hydrating ? first?.answers : undefined,
      threadCounts: first?.answers?.threadCounts ?? {},
    };
    // The rows are the first address's: a screen opened at another one starts from the mirror.
    const firstHref = router.state.location.href;
    const leftFirstPage = router.subscribe('onBeforeNavigate', ({ toLocation }) => {
      if (toLocation.href === firstHref) return;
      firstScreen.answers = undefined;
      leftFirstPage();
    });
    const app = (
      <StrictMode>
        <AppRoot backend={backendOf(client)} session={session} sync={sync} firstScreen={firstScreen} router={router} />
      </StrictMode>
    );
    // Everything the first render needs is here before it starts, so no part of the page waits behind a placeholder,
    // or is replaced because the app's state moved while it waited. If some of it did not come (the connection
    // dropped after the paint), the app starts all the same and renders the page anew; the parts whose code is
    // missing come once the browser is back online (loadAgainWhenOnline), as does the screen's own, which
    // router.load() waits for.
    const needed: PromiseSettledResult<unknown>[] = hydrating
      ? await Promise.allSettled([
          router.load(),
          clientCode.then(() => client),
          loadHeaderSearch(),
          loadKeyboardShortcuts(),
        ])
      : [];
    const missing = needed.find((loaded): loaded is PromiseRejectedResult => loaded.status === 'rejected');
    if (missing) console.warn('The page is rendered anew: some of its code did not load', missing.reason);
    // Taps on the server's page reach its buttons once hydrated; a page rendered anew has other buttons.
    const taps = takeEarlyTaps();
    if (hydrating && !missing) {
      // In a transition React hydrates in slices of a few milliseconds, yielding between them, instead of in one task
      // as long as the whole page (a phone's 200-post thread: half a second the page could not answer a tap). The
      // server's markup stays meanwhile, and a tap on a part not yet hydrated makes React hydrate at once.
      startTransition(() => {
        hydrateRoot(rootElement, app);
      });
      tapAgain(taps);
    } else createRoot(rootElement).render(app);
    warmScreens();
    // The app started from the kept config without waiting for the server; a changed one needs a fresh start.
    if (startsFromKeptConfig) {
      void refreshBackendConfig(configSources, config).then((changed) => changed && window.location.reload());
    }
  },
  (error: unknown) => {
    logErrorLater(error, 'Could not find the backend');
    createRoot(rootElement).render(
      <p className="error boot-error">The forum could not reach its server. Check your connection and reload.</p>,
    );
  },
);

// Loaded beside the first screen, not in it: registering the worker never holds up the first paint.
void import('./app/pwa/registerServiceWorker.ts')
  .then((m) => m.registerServiceWorker())
  .catch((error: unknown) => console.warn('Service worker not registered', error));
