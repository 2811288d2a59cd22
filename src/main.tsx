// Boot: find the backend, then start the app in stages, each evaluated in a task of its own: the mirror, the sync
// engine and the session (Dexie's code); React's DOM renderer; the router with the shell; then the rest of the app
// (renderApp.tsx), which renders. The page's HTML loads every stage's code beside this entry (scripts/bootStages.ts,
// whose list is this order); evaluated as one graph, they made one task of a quarter of a second on a phone, which no
// tap could interrupt.
import { loadAgainWhenOnline } from './lib/loadAgainWhenOnline.ts';
import { nextTask } from './lib/nextTask.ts';
import { whenIdle } from './lib/whenIdle.ts';
import { embeddedConfig, loadBackendConfig, refreshBackendConfig, savedConfig } from './backend/config.ts';
import { logErrorLater } from './state/errors/logErrorLater.ts';
import { FIRST_ROWS_SCRIPT_ID } from './data/firstRowsScript.ts';
import { installedMirrorVersion } from './data/installedMirror.ts';

window.addEventListener('error', (event) => console.error('Unhandled error', event.error ?? event.message));

const rootElement = document.getElementById('root')!;
const loadClient = () => import('./backend/client.ts');
// A stage that could not load (the connection dropped after the paint) is loaded again once the browser is online.
const loadDataStage = loadAgainWhenOnline(() => import('./app/boot/startData.ts'));
const loadRenderStage = loadAgainWhenOnline(() => import('./app/boot/renderApp.tsx'));
/** The stages between, which the render stage imports: evaluated ahead of it, each in a task of its own. */
const evaluatedAhead = [
  loadAgainWhenOnline(() => import('./app/boot/reactDom.ts')),
  loadAgainWhenOnline(() => import('./app/router.tsx')),
];

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

/** What shows in place of the app when it cannot start: plain markup, as React may be what did not load. */
function showBootError() {
  const message = document.createElement('p');
  message.className = 'error boot-error';
  message.textContent = 'The forum could not reach its server. Check your connection and reload.';
  rootElement.replaceChildren(message);
}

/**
 * The server rendered the page as the app's first render for a visitor (hydratesAt): the app hydrates that markup
 * instead of replacing it, a member's too, whose first render is a visitor's (the session store's first state) and the
 * next one the member's, in place. A session arriving in the address is not yet a session, nor a visitor's page.
 */
function hydratesServerPage(rendered: boolean | undefined): boolean {
  return rendered === true && !/access_token|error_description/.test(window.location.hash);
}

async function start(config: Awaited<ReturnType<typeof loadBackendConfig>>) {
  // supabase-js loads after the first screen, which paints from the mirror. Its code not loading (the connection
  // dropped after the paint) renders the page anew, and the client comes once the browser is back online: the
  // engine and the session wait for it instead of failing for the page's life.
  const clientCode = loadClient();
  const [{ createAppSync, createAppSession }, installed, first] = await Promise.all([
    loadDataStage(),
    installedMirror,
    firstPage?.catch((error: unknown) => {
      logErrorLater(error, 'Could not read the rows the page came with');
      return undefined;
    }),
  ]);
  // The client is made (and reads a password-reset link in the address) only once the session listens, so its
  // PASSWORD_RECOVERY event is not missed. The mirror, the session and the client each start in a task of their own:
  // in one they held the page's thread for 40-57 ms.
  let sessionListens: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => (sessionListens = resolve));
  const client = clientCode.catch(loadAgainWhenOnline(loadClient)).then(async (m) => {
    await listening;
    return m.createBackendClient(config);
  });
  const sync = createAppSync(client, config, installed);
  void sync.status.pullSettled().then(() => registerServiceWorkerLater({ warmScreensWithout: true }));
  await nextTask();
  const hydrating = hydratesServerPage(first?.hydrates);
  const session = createAppSession(client, config.url, sync.db, hydrating);
  session.getState().start();
  await nextTask();
  sessionListens();
  // Once the first screen is up: it paints from the mirror, and a return visit starts no request before it.
  whenIdle(() => void sync.start(), 500);
  for (const stage of evaluatedAhead) {
    await nextTask();
    await stage();
  }
  await nextTask();
  const { renderApp } = await loadRenderStage();
  await renderApp(rootElement, { client, clientCode, sync, session, first, hydrating });
  // The app started from the kept config without waiting for the server; a changed one needs a fresh start.
  if (startsFromKeptConfig) {
    void refreshBackendConfig(configSources, config).then((changed) => changed && window.location.reload());
  }
}

/**
 * Registering the service worker precaches the whole app (over 200 files) on a first visit, on the same cores as the
 * page: it waits until the first pull has ended (or the app could not start) and the page is idle, so the page's start
 * and the first sync do not share the device with it. Once, whichever comes first. Only where the browser has none
 * (or refused it) does the started app fetch the other screens' files itself (warmScreens.ts): both fetched them when
 * the app did so from its start, and the page's thread gave an idle callback to each of 135 links during the first pull.
 */
let serviceWorkerAsked = false;
function registerServiceWorkerLater({ warmScreensWithout }: { warmScreensWithout: boolean }) {
  if (serviceWorkerAsked) return;
  serviceWorkerAsked = true;
  whenIdle(() => {
    import('./app/pwa/registerServiceWorker.ts')
      .then((m) => m.registerServiceWorker())
      .catch((error: unknown) => {
        console.warn('Service worker not registered', error);
        return false;
      })
      .then(async (registered) => {
        if (!registered && warmScreensWithout) (await import('./app/warmScreens.ts')).warmScreens();
      })
      .catch((error: unknown) => logErrorLater(error, 'Could not fetch the other screens ahead'));
  }, 2000);
}

loadBackendConfig(configSources).then(
  (config) =>
    start(config).catch((error: unknown) => {
      logErrorLater(error, 'Could not start the app');
      showBootError();
      registerServiceWorkerLater({ warmScreensWithout: false });
    }),
  (error: unknown) => {
    logErrorLater(error, 'Could not find the backend');
    showBootError();
    registerServiceWorkerLater({ warmScreensWithout: false });
  },
);
