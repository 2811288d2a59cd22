// The route tree (SPEC §2 "Route table"), code-based. Every screen is its own lazily loaded chunk,
// so the first screen never pulls in the wallet, the editor or the markdown renderer.
import {
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  type RouterHistory,
} from '@tanstack/react-router';
import { lazy, Suspense, type ComponentType } from 'react';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { RouteGuard } from './RouteGuard.tsx';
import { AppShell } from './shell/AppShell.tsx';
import { parseAuthSearch, parseMessagesSearch, parseThreadsSearch, rawSearch } from './searchParams.ts';
import { parseSearchPageSearch } from '../features/search/searchQuery.ts';
import type { Mirror } from '../data/mirror.ts';
import { FIRST_SCREENS } from '../data/firstScreenTable.ts';
import { readFirstCards } from '../state/queries/memberFirstCards.ts';
import { loadAgainWhenOnline } from '../lib/loadAgainWhenOnline.ts';

/** After the first screen: the keys pressed before it loads are kept for it (boot/earlyInput.ts, from index.html). */
export const loadKeyboardShortcuts = () => import('./shortcuts/KeyboardShortcuts.tsx');
const KeyboardShortcuts = lazy(
  loadAgainWhenOnline(() => loadKeyboardShortcuts().then((m) => ({ default: m.KeyboardShortcuts }))),
);

interface RouterContext {
  /** Debug pages exist only against the local stack or with VITE_DEBUG_PAGES=true; elsewhere they are not found. */
  debugPages: boolean;
  /** For reads made while a screen loads, so that its first frame has its data. */
  mirror: Mirror;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});

/** A screen module and the name of the component it exports. */
type ScreenModule = () => Promise<Record<string, ComponentType>>;

/** A screen's code, loaded when first shown; offline, once the connection returns (not a reload to an offline page). */
const screen = (load: ScreenModule, name: string) => lazyRouteComponent(loadAgainWhenOnline(load), name);

// Outside the main layout.
const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth',
  validateSearch: parseAuthSearch,
  component: screen(() => import('../features/auth/AuthPage.tsx'), 'AuthPage'),
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  component: screen(() => import('../features/auth/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
});
const requireDebugPages = ({ context }: { context: RouterContext }) => {
  if (!context.debugPages) throw notFound();
};
const simpleDebugRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'simple-debug',
  beforeLoad: requireDebugPages,
  component: screen(() => import('../features/debug/SimpleDebugPage.tsx'), 'SimpleDebugPage'),
});

// Inside the main layout: sidebar, header, content.
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  component: () => (
    <>
      <AppShell />
      <Suspense fallback={null}>
        <KeyboardShortcuts />
      </Suspense>
    </>
  ),
});
const memberRoute = createRoute({
  getParentRoute: () => shellRoute,
  id: 'member',
  component: () => (
    <RouteGuard>
      <Outlet />
    </RouteGuard>
  ),
});

/** A screen in the main layout. */
const page = <P extends string>(path: P, load: ScreenModule, name: string) =>
  createRoute({
    getParentRoute: () => shellRoute,
    path,
    component: screen(load, name),
  });
const memberPage = <P extends string>(path: P, load: ScreenModule, name: string) =>
  createRoute({ getParentRoute: () => memberRoute, path, component: screen(load, name) });
const debugPage = <P extends string>(path: P, load: ScreenModule, name: string) =>
  createRoute({
    getParentRoute: () => shellRoute,
    path,
    beforeLoad: requireDebugPages,
    component: screen(load, name),
  });

const threadsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'threads',
  validateSearch: parseThreadsSearch,
  component: screen(() => import('../features/threads/AllThreadsPage.tsx'), 'AllThreadsPage'),
});

const searchRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'search',
  validateSearch: parseSearchPageSearch,
  component: screen(() => import('../features/search/SearchPage.tsx'), 'SearchPage'),
});

const messagesRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: 'messages',
  validateSearch: parseMessagesSearch,
  component: screen(() => import('../features/messages/MessagesPage.tsx'), 'MessagesPage'),
});

const reviewRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: 'review',
  validateSearch: rawSearch,
  component: lazyRouteComponent(() => import('../features/moderation/ReviewPage.tsx'), 'ReviewPage'),
});

const shellChildren = [
  // The first screens at the paths their table declares; firstScreens.test.ts holds these imports to its modules.
  page(FIRST_SCREENS.home.routes[0], () => import('../features/home/HomePage.tsx'), 'HomePage'),
  page(FIRST_SCREENS.category.routes[0], () => import('../features/category/CategoryPage.tsx'), 'CategoryPage'),
  page(FIRST_SCREENS.thread.routes[0], () => import('../features/thread/ThreadPage.tsx'), 'ThreadPage'),
  page(FIRST_SCREENS.thread.routes[1], () => import('../features/thread/ThreadPage.tsx'), 'ThreadPage'),
  threadsRoute,
  searchRoute,
  page('groups', () => import('../features/groups/GroupsPage.tsx'), 'GroupsPage'),
  createRoute({
    getParentRoute: () => shellRoute,
    path: 'members',
    loader: ({ context }) => readFirstCards(context.mirror),
    component: screen(() => import('../features/members/MembersPage.tsx'), 'MembersPage'),
  }),
  page('profile/$userId', () => import('../features/profile/ProfilePage.tsx'), 'ProfilePage'),
  memberRoute.addChildren([
    memberPage('create-thread', () => import('../features/compose/CreateThreadPage.tsx'), 'CreateThreadPage'),
    memberPage('profile', () => import('../features/profile/ProfilePage.tsx'), 'ProfilePage'),
    memberPage('wallet', () => import('../features/wallet/WalletPage.tsx'), 'WalletPage'),
    memberPage('bookmarks', () => import('../features/bookmarks/BookmarksPage.tsx'), 'BookmarksPage'),
    memberPage('settings', () => import('../features/settings/SettingsPage.tsx'), 'SettingsPage'),
    memberPage('moderation', () => import('../features/moderation/ModerationPage.tsx'), 'ModerationPage'),
    memberPage('reports', () => import('../features/moderation/ReportsPage.tsx'), 'ReportsPage'),
    reviewRoute,
    messagesRoute,
    memberPage('admin/bulk-create', () => import('../features/bulk/BulkCreatePage.tsx'), 'BulkCreatePage'),
  ]),
  debugPage('test-auth', () => import('../features/debug/TestAuthPage.tsx'), 'TestAuthPage'),
  debugPage('debug-profile', () => import('../features/debug/DebugProfilePage.tsx'), 'DebugProfilePage'),
  debugPage('test-storage', () => import('../features/debug/TestStoragePage.tsx'), 'TestStoragePage'),
  debugPage('check-storage', () => import('../features/debug/CheckStoragePage.tsx'), 'CheckStoragePage'),
  debugPage('test-image-upload', () => import('../features/debug/TestImageUploadPage.tsx'), 'TestImageUploadPage'),
];

const routeTree = rootRoute.addChildren([
  authRoute,
  resetPasswordRoute,
  simpleDebugRoute,
  shellRoute.addChildren(shellChildren),
]);

/** `server`: the router the server renders a first page with, at one address; it restores no scroll. */
export function createAppRouter(context: RouterContext, server?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: !server,
    ...(server && { history: server.history }),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
