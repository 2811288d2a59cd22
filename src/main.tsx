// Boot: find the backend, create its client and the session, then render the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { debugPagesEnabled } from './app/debugPages.ts';
import { createAppRouter } from './app/router.tsx';
import { warmScreens } from './app/warmScreens.ts';
import { whenIdle } from './lib/whenIdle.ts';
import { createAppSession } from './app/boot/createAppSession.ts';
import { SessionProvider } from './state/session/SessionContext.tsx';
import { backendOf, BackendProvider } from './state/BackendContext.tsx';
import { embeddedConfig, loadBackendConfig, refreshBackendConfig, savedConfig } from './backend/config.ts';
import { appInstallPrompt } from './app/pwa/installPrompt.ts';
import { createAppSync } from './app/boot/createAppSync.ts';
import { SyncProvider } from './state/sync/SyncContext.tsx';
import { logErrorLater } from './state/errors/logErrorLater.ts';
import { FIRST_ROWS_SCRIPT_ID } from './data/firstRows.ts';
import type { Mirror } from './data/mirror.ts';
import { keepEarlyKeys } from './app/shortcuts/earlyKeys.ts';
import './ui/theme.css';

keepEarlyKeys();

window.addEventListener('error', (event) => console.error('Unhandled error', event.error ?? event.message));

const root = createRoot(document.getElementById('root')!);

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

// The rows the HTML shows go into the mirror first, so the first render paints them too.
async function seeded(db: Mirror): Promise<void> {
  if (!document.getElementById(FIRST_ROWS_SCRIPT_ID)) return;
  await import('./sync/seedFirstRows.ts')
    .then((m) => m.seedFirstRows(db, document))
    .catch((error: unknown) => logErrorLater(error, 'Could not keep the rows the page came with'));
}

loadBackendConfig(configSources).then(
  async (config) => {
    // supabase-js loads after the first screen, which paints from the mirror.
    const client = import('./backend/client.ts').then((m) => m.createBackendClient(config));
    const sync = createAppSync(client, config);
    const session = createAppSession(client, config.url, sync.db);
    // Once the first screen is up: it paints from the mirror, and a return visit starts no request before it.
    whenIdle(() => void sync.start(), 500);
    // Started before the first render so a password-reset link's PASSWORD_RECOVERY event is not missed.
    session.getState().start();
    const router = createAppRouter({ debugPages: debugPagesEnabled(import.meta.env), mirror: sync.db });
    await seeded(sync.db);
    root.render(
      <StrictMode>
        <BackendProvider backend={backendOf(client)}>
          <SessionProvider store={session}>
            <SyncProvider engine={sync}>
              <App router={router} />
            </SyncProvider>
          </SessionProvider>
        </BackendProvider>
      </StrictMode>,
    );
    warmScreens(router);
    // The app started from the kept config without waiting for the server; a changed one needs a fresh start.
    if (startsFromKeptConfig) {
      void refreshBackendConfig(configSources, config).then((changed) => changed && window.location.reload());
    }
  },
  (error: unknown) => {
    logErrorLater(error, 'Could not find the backend');
    root.render(
      <p className="error boot-error">The forum could not reach its server. Check your connection and reload.</p>,
    );
  },
);

// Loaded beside the first screen, not in it: registering the worker never holds up the first paint.
void import('./app/pwa/registerServiceWorker.ts')
  .then((m) => m.registerServiceWorker())
  .catch((error: unknown) => console.warn('Service worker not registered', error));
appInstallPrompt();
