// The screens a first visit opens with their rows in the HTML, declared once: the build preloads each one's module
// (vite.config.ts), src/ssr renders them and the local stack reads their rows (supabase/local/web). The router
// (src/app/router.tsx) writes the same paths and imports literally, and firstScreens.test.ts holds it to this table:
// importing the table there put 0.6 KB on the first screen, past its 150 KB budget.
import { isCategoryType } from './categoryTypes.ts';
import type { CategoryType } from './types.ts';

export type FirstPageRoute =
  { page: 'home' } | { page: 'category'; type: CategoryType } | { page: 'thread'; idOrSlug: string; byId: boolean };

interface FirstScreen {
  /** The router's paths, below the shell: a `$name` segment is a parameter. */
  routes: readonly string[];
  /** The screen's module, from the project root, as its route imports it. */
  module: string;
  /** How many threads (home, a category) or posts (a thread) the first rows hold: SPEC §9. */
  rows: number;
}

export const FIRST_SCREENS = {
  home: { routes: ['/'], module: 'src/features/home/HomePage.tsx', rows: 10 },
  category: { routes: ['category/$type'], module: 'src/features/category/CategoryPage.tsx', rows: 20 },
  thread: { routes: ['thread/$id', 't/$idOrSlug'], module: 'src/features/thread/ThreadPage.tsx', rows: 10 },
} as const satisfies Record<FirstPageRoute['page'], FirstScreen>;

type FirstPage = keyof typeof FIRST_SCREENS;

const segmentsOf = (route: string) => (route === '/' ? [] : route.split('/'));

/** A route as a pattern of the addresses it matches, a trailing slash allowed (the build's preload script). */
export function routePattern(route: string): RegExp {
  const parts = segmentsOf(route).map((s) => (s.startsWith('$') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(parts.length === 0 ? '^/$' : `^/${parts.join('/')}/?$`);
}

/** The route's parameters in `path` (no trailing slash), decoded; undefined when it does not match. */
function paramsOf(route: string, path: string): Record<string, string> | undefined {
  const want = segmentsOf(route);
  const got = path === '/' ? [] : path.slice(1).split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const value = got[i]!;
    if (!segment.startsWith('$')) {
      if (segment !== value) return undefined;
      continue;
    }
    if (!value) return undefined;
    try {
      params[segment.slice(1)] = decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return params;
}

function routeOf(page: FirstPage, params: Record<string, string>): FirstPageRoute | undefined {
  if (page === 'home') return { page };
  if (page === 'category')
    return isCategoryType(params.type ?? '') ? { page, type: params.type as CategoryType } : undefined;
  const byId = params.id !== undefined;
  return { page, idOrSlug: params.id ?? params.idOrSlug ?? '', byId };
}

/** The first screen an address opens, or undefined for an address whose HTML carries no rows. */
export function firstPageRoute(pathname: string): FirstPageRoute | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const [page, screen] of Object.entries(FIRST_SCREENS) as [FirstPage, FirstScreen][]) {
    for (const route of screen.routes) {
      const params = paramsOf(route, path);
      if (params) return routeOf(page, params);
    }
  }
  return undefined;
}
