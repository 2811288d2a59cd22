// The server's entry (built by scripts/ssrBundle.ts): the markup of a first page, the shell around it, for the local
// stack to put into the HTML it serves; and the shell alone, which the build writes into index.html. Links are the
// router's own, built by a router that only knows the address.
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ThreadNotFound } from '../features/thread/ThreadNotFound.tsx';
import { FirstPageView } from './FirstPageView.tsx';
import { renderAppPage } from './renderAppPage.tsx';
import { hydratesAt, type FirstRows } from '../data/firstRows.ts';
import type { FirstPageRoute } from '../data/firstScreens.ts';
import { ShellSkeleton } from './ShellSkeleton.tsx';
import { StaticShell } from './StaticShell.tsx';

export { FIRST_ROWS_SCRIPT_ID } from '../data/firstRowsScript.ts';
export type { FirstRows } from '../data/firstRows.ts';
export { firstPageRoute, type FirstPageRoute } from '../data/firstScreens.ts';

/** Markup with the router's links resolved at `pathname`. */
function render(pathname: string, element: ReactNode): string {
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: [pathname] }),
  });
  // Test ids name the live app's elements: a test never finds the server's copy, which the app replaces.
  const markup = renderToString(<RouterContextProvider router={router}>{element}</RouterContextProvider>);
  return markup.replace(/ data-testid="[^"]*"/g, '');
}

/**
 * Home, a category and a thread at its address: the app's own first render, which the browser hydrates. Otherwise the page drawn
 * from the screen's parts, which the app replaces when it starts.
 */
export function renderFirstPage(pathname: string, route: FirstPageRoute, rows: FirstRows): Promise<string> | string {
  if (hydratesAt(rows, pathname)) return renderAppPage(pathname, rows);
  return render(
    pathname,
    <StaticShell visitor>
      <FirstPageView route={route} rows={rows} />
    </StaticShell>,
  );
}

/** The page of an address that names no thread a visitor can read, served with a 404. */
export function renderThreadNotFound(pathname: string): string {
  return render(
    pathname,
    <StaticShell visitor>
      <ThreadNotFound />
    </StaticShell>,
  );
}

/** The shell index.html is built with, for every address: placeholders where the page goes, no link marked current. */
export function renderShell(): string {
  return render(
    '/index.html',
    <StaticShell visitor={false}>
      <ShellSkeleton />
    </StaticShell>,
  );
}

export { CATEGORY_COLUMNS, POST_COLUMNS, PROFILE_COLUMNS, THREAD_COLUMNS } from '../data/columns.ts';
