// Which first screen an address opens, read from the table in firstScreenTable.ts.
import { isCategoryType } from './categoryTypes.ts';
import type { CategoryType } from './types.ts';
import { FIRST_SCREENS, type FirstPageRoute, type FirstScreen } from './firstScreenTable.ts';

export { FIRST_SCREENS, type FirstPageRoute };

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
