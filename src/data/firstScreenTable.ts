// The screens a first visit opens with their rows in the HTML, declared once: the router takes their paths from here,
// the build preloads each one's module (vite.config.ts), src/ssr renders them and the local stack reads their rows
// (supabase/local/web). Apart from firstScreens.ts's matching so that the router's import of it costs the first screen
// a few bytes. A route's import() must be a literal for the build, so firstScreens.test.ts holds the router's to this.
import type { CategoryType } from './types.ts';

export type FirstPageRoute =
  { page: 'home' } | { page: 'category'; type: CategoryType } | { page: 'thread'; idOrSlug: string; byId: boolean };

export interface FirstScreen {
  /** The router's paths, below the shell: a `$name` segment is a parameter. */
  routes: readonly string[];
  /** The screen's module, from the project root, as its route imports it. */
  module: string;
  /** How many threads (home, a category: SPEC §9) or posts (a thread: its first page of posts) the first rows hold. */
  rows: number;
}

export const FIRST_SCREENS = {
  home: { routes: ['/'], module: 'src/features/home/HomePage.tsx', rows: 10 },
  category: { routes: ['category/$type'], module: 'src/features/category/CategoryPage.tsx', rows: 20 },
  thread: { routes: ['thread/$id', 't/$idOrSlug'], module: 'src/features/thread/ThreadPage.tsx', rows: 20 },
} as const satisfies Record<FirstPageRoute['page'], FirstScreen>;
