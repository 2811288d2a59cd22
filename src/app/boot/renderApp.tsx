// The start's last stage (src/main.tsx loads it once the mirror, the engine and the session are up, in a task of its
// own): the app's root and screens, then the first render, which hydrates the server's page where there is one.
import { StrictMode, startTransition } from 'react';
import type { ForumClient } from '../../backend/client.ts';
import { backendOf } from '../../state/BackendContext.tsx';
import type { FirstScreen } from '../../state/queries/firstScreen.tsx';
import type * as SeedFirstRows from '../../sync/seedFirstRows.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import type { SessionStore } from '../../state/session/sessionStore.ts';
import { logErrorLater } from '../../state/errors/logErrorLater.ts';
import { nextTask } from '../../lib/nextTask.ts';
import { AppRoot } from '../AppRoot.tsx';
import { debugPagesEnabled } from '../debugPages.ts';
import { createAppRouter, loadKeyboardShortcuts } from '../router.tsx';
import { loadHeaderSearch } from '../shell/Header.tsx';
import { takeEarlyTaps, tapAgain } from './earlyInput.ts';
import { FIRST_SCREENS } from '../../data/firstScreenTable.ts';
import { createRoot, hydrateRoot } from './reactDom.ts';
import '../../ui/theme.css';

/** The rows the server rendered the page from, read from the HTML, with the module that keeps them. */
export type FirstPage = Partial<ReturnType<typeof SeedFirstRows.firstPageIn>> & { m: typeof SeedFirstRows };

export interface AppStart {
  client: Promise<ForumClient>;
  /** Settles once supabase-js's code has loaded (or could not). */
  clientCode: Promise<unknown>;
  sync: SyncEngine;
  /** Started already (src/main.tsx), before the client was made. */
  session: SessionStore;
  first: FirstPage | undefined;
  /** Whether the first render hydrates the server's page (or renders anew). */
  hydrating: boolean;
}

export async function renderApp(
  rootElement: HTMLElement,
  { client, clientCode, sync, session, first, hydrating }: AppStart,
) {
  // The router is built in a task of its own: with the mirror's schema and the session before it, one task was
  // long enough to hold a tap back on a phone.
  await nextTask();
  const router = createAppRouter({ debugPages: debugPagesEnabled(import.meta.env), mirror: sync.db });
  // The rows the HTML shows go into the mirror first, so the live reads find them too; in a task after the router's.
  if (first?.rows) {
    await nextTask();
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
  // Imported on demand: in this stage, its module would be on every first screen.
  const loadMarkdownRenderer = () => import('../../content/Markdown.tsx').then((m) => m.loadMarkdownRenderer());
  const leftFirstPage = router.subscribe('onBeforeNavigate', ({ toLocation }) => {
    if (toLocation.href === firstHref) return;
    firstScreen.answers = undefined;
    leftFirstPage();
    // The posts the server painted keep its markup; the next screen may render posts anew, with the renderer's code.
    loadMarkdownRenderer().catch((error: unknown) => logErrorLater(error, 'Could not load the markdown renderer'));
  });
  // A member's reply box (a session is stored): with a thread's first render, else once the first screen is up. The
  // thread's addresses are its routes in FIRST_SCREENS (`/thread/…`, `/t/…`).
  const onThread = FIRST_SCREENS.thread.routes.some((route) => firstHref.startsWith(`/${route.split('/')[0]}/`));
  const replyForm = window.localStorage.getItem(session.getState().storageKey)
    ? import('../../features/thread/replyFormCode.ts').then((m) => m.loadForMember(onThread, logErrorLater))
    : undefined;
  const app = (
    <StrictMode>
      <AppRoot backend={backendOf(client)} session={session} sync={sync} firstScreen={firstScreen} router={router} />
    </StrictMode>
  );
  // Everything the first render needs is here before it starts (a thread rendered anew: the markdown renderer), so no part of the page waits behind a placeholder,
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
        replyForm,
      ])
    : await Promise.allSettled([replyForm, onThread ? loadMarkdownRenderer() : undefined]);
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
}
