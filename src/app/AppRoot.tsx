// The app with everything it reads from: the backend, the session, the sync engine and the page's first rows. The
// browser renders it, and the server renders the same tree for a first page, whose markup the browser then hydrates.
import type { ComponentProps } from 'react';
import { BackendProvider } from '../state/BackendContext.tsx';
import { FirstScreenProvider, type FirstScreen } from '../state/queries/firstScreen.tsx';
import { SessionProvider } from '../state/session/SessionContext.tsx';
import type { SessionStore } from '../state/session/sessionStore.ts';
import { SyncProvider } from '../state/sync/SyncContext.tsx';
import type { SyncEngine } from '../sync/engine.ts';
import { App } from './App.tsx';

interface AppRootProps extends ComponentProps<typeof App> {
  backend: ComponentProps<typeof BackendProvider>['backend'];
  session: SessionStore;
  sync: SyncEngine;
  firstScreen: FirstScreen;
}

export function AppRoot({ backend, session, sync, firstScreen, ...app }: AppRootProps) {
  return (
    <BackendProvider backend={backend}>
      <SessionProvider store={session}>
        <SyncProvider engine={sync}>
          <FirstScreenProvider value={firstScreen}>
            <App {...app} />
          </FirstScreenProvider>
        </SyncProvider>
      </SessionProvider>
    </BackendProvider>
  );
}
