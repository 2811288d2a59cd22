// Boot: find the backend, then start the app in stages, each evaluated in a task of its own: the mirror and the sync
// engine (Dexie's code); React's DOM renderer; the router with the shell; then the rest of the app (renderApp.tsx),
// which renders. The page's HTML loads every stage's code beside this entry (scripts/bootStages.ts, whose list is
// this order); evaluated as one graph, they made one task of a quarter of a second on a phone, which no tap could
// interrupt.
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
const loadSyncStage = loadAgainWhenOnline(() => import('./app/boot/createAppSync.ts'));
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

async function start(config: Awaited<ReturnType<typeof loadBackendConfig>>) {
  // supabase-js loads after the first screen, which paints from the mirror. Its code not loading (the connection
  // dropped after the paint) renders the page anew, and the client comes once the browser is back online: the
  // engine and the session wait for it instead of failing for the page's life.
  const clientCode = loadClient();
  const client = clientCode.catch(loadAgainWhenOnline(loadClient)).then((m) => m.createBackendClient(config));
  const { createAppSync } = await loadSyncStage();
  const sync = createAppSync(client, config, await installedMirror);
  const first = await firstPage?.catch((error: unknown) => {
    logErrorLater(error, 'Could not read the rows the page came with');
    return undefined;
  });
  for (const stage of evaluatedAhead) {
    await nextTask();
    await stage();
  }
  await nextTask();
  const { renderApp } = await loadRenderStage();
  await nextTask();
  const rendered = renderApp(rootElement, { client, clientCode, backendUrl: config.url, sync, first });
  // Once the first screen is up: it paints from the mirror, and a return visit starts no request before it. (The
  // render stage has created the session by now: it does so before it first waits.)
  whenIdle(() => void sync.start(), 500);
  await rendered;
  // The app started from the kept config without waiting for the server; a changed one needs a fresh start.
  if (startsFromKeptConfig) {
    void refreshBackendConfig(configSources, config).then((changed) => changed && window.location.reload());
  }
}

loadBackendConfig(configSources).then(
  (config) =>
    start(config).catch((error: unknown) => {
      logErrorLater(error, 'Could not start the app');
      showBootError();
    }),
  (error: unknown) => {
    logErrorLater(error, 'Could not find the backend');
    showBootError();
  },
);

// Loaded beside the first screen, not in it: registering the worker never holds up the first paint.
void import('./app/pwa/registerServiceWorker.ts')
  .then((m) => m.registerServiceWorker())
  .catch((error: unknown) => console.warn('Service worker not registered', error));
