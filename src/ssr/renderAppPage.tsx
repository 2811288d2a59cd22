// A first page rendered as the app's own first render for a visitor: the same router, shell and screens, reading the
// page's rows where the browser's first render reads them (the first screen's reads start from them). The browser
// hydrates this markup (src/main.tsx), so the page painted from the HTML is the page the app keeps.
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppRoot } from '../app/AppRoot.tsx';
import { createAppRouter } from '../app/router.tsx';
import type { ForumClient } from '../backend/client.ts';
import { firstAnswersOf } from '../data/firstAnswers.ts';
import type { FirstRows } from '../data/firstRows.ts';
import type { Mirror } from '../data/mirror.ts';
import { settledBackend } from '../state/BackendContext.tsx';
import { createSessionStore } from '../state/session/sessionStore.ts';
import type { SyncEngine } from '../sync/engine.ts';
import { StatusStore } from '../sync/status.ts';

/** Never called: the screens read the mirror and call the server only from effects, which do not run here. */
function unused(what: string): never {
  throw new Error(`the server's render has no ${what}`);
}

// Not a promise either: `then` is the one key asked of it, by Promise.resolve.
const inert = new Proxy({}, { get: (_, key) => (key === 'then' ? undefined : unused(`backend (${String(key)})`)) });

/** A visitor's session, as the browser's store starts when no session is stored. */
function visitorSession() {
  return createSessionStore({
    visitorAtStart: true,
    auth: inert as never,
    loadProfile: () => unused('profile'),
    createProfile: () => unused('profile'),
    saveProfile: () => unused('profile'),
    storage: { getItem: () => null, removeItem: () => undefined },
    storageKey: '',
    setTimeout: () => unused('timers'),
    clearTimeout: () => unused('timers'),
  });
}

/** An engine that has not run: its status as the browser's starts, and a mirror no read reaches here. */
function idleEngine(): SyncEngine {
  const engine = { status: new StatusStore(), db: inert as Mirror };
  return engine as Partial<SyncEngine> as SyncEngine;
}

/** A Suspense boundary the render could not fill, left for the browser to render. */
const SUSPENDED = /<!--\$[!?]-->/;

async function drainOf(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const chunk of stream) void chunk;
}

export async function renderAppPage(pathname: string, rows: FirstRows): Promise<string> {
  const router = createAppRouter(
    { debugPages: false, mirror: inert as Mirror },
    { history: createMemoryHistory({ initialEntries: [pathname] }) },
  );
  await router.load();
  // The browser's router wraps its matches in a Suspense boundary the server's leaves out: this one stands for it,
  // so the markup has the boundary's marks where hydration looks for them.
  const page = (
    <StrictMode>
      <Suspense fallback={null}>
        <AppRoot
          backend={settledBackend(inert as ForumClient)}
          session={visitorSession()}
          sync={idleEngine()}
          firstScreen={{ answers: firstAnswersOf(rows), threadCounts: rows.threadCounts }}
          router={router}
        />
      </Suspense>
    </StrictMode>
  );
  let markup = renderToString(page);
  if (SUSPENDED.test(markup)) {
    // A screen's lazy parts load the first time one renders: waited for once, they are there for every later render,
    // which then writes each part in place (a streamed render would write them out of order, behind scripts).
    await drainOf((await prerenderToNodeStream(page)).prelude);
    markup = renderToString(page);
  }
  // React puts its hints for the page's images first; the page's own <head> has them already (the favicon), and in the
  // root they would be nodes the app's render does not have.
  return markup.replace(/^(<link rel="preload"[^>]*>)+/, '');
}
