// The main layout (SPEC §2 "Shell layout"): sidebar or drawer, header, notices, and the page.
import { Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useBadgeCount, useUnreadCount } from '../../state/queries/unreadCounts.ts';
import { dataOrThrow } from '../../state/queries/useMirrorQuery.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useUiStore } from '../../state/shell/uiStore.ts';
import { useAppBadge } from '../pwa/useAppBadge.ts';
import { Header } from './Header.tsx';
import { OfflineBanner } from './Notices.tsx';
import { Sidebar } from './Sidebar.tsx';
import styles from './AppShell.module.css';
import { loadAgainWhenOnline } from '../../lib/loadAgainWhenOnline.ts';
import { lazyWhenOpen } from '../../ui/lazyWhenOpen.tsx';

// The drawer (a modal dialog) loads the first time a phone opens it, not with the first screen.
const MobileDrawer = lazyWhenOpen(() => import('./MobileDrawer.tsx').then((m) => m.MobileDrawer));
// The toasts owed for writes saved offline follow the first paint: there is nothing to confirm before it.
const ConfirmationToasts = lazy(
  loadAgainWhenOnline(() => import('./ConfirmationToasts.tsx').then((m) => ({ default: m.ConfirmationToasts }))),
);
// A silenced or suspended member's notice reads the server, after the first screen, for members only.
const BannedNotice = lazy(
  loadAgainWhenOnline(() => import('./BannedNotice.tsx').then((m) => ({ default: m.BannedNotice }))),
);
const PenaltyNotice = lazy(
  loadAgainWhenOnline(() => import('./PenaltyNotice.tsx').then((m) => ({ default: m.PenaltyNotice }))),
);

/**
 * The drawer, mounted the first time it is wanted. Its opening and closing render it alone: read in the shell, they
 * rendered the shell and the page with it (a tap on "Open navigation" took 64-112 ms during a first sync).
 */
function DrawerOnceWanted({ unread }: { unread: number }) {
  const open = useUiStore((s) => s.drawerOpen);
  return <MobileDrawer open={open} unread={unread} />;
}

export function AppShell() {
  const userId = useSession((s) => s.user?.id ?? null);
  const banned = useSession((s) => s.profile?.is_banned === true);
  const unread = dataOrThrow(useUnreadCount(userId)) ?? 0;
  useAppBadge(dataOrThrow(useBadgeCount(userId)) ?? 0);
  // The page's match, not the address: the address moves first, and a guard remounted under it would see the next one.
  const page = useRouterState({ select: (s) => s.matches[s.matches.length - 1]?.id });
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <Sidebar unread={unread} />
      <DrawerOnceWanted unread={unread} />
      <div className={styles.column}>
        <Header unread={unread} />
        <OfflineBanner />
        {banned && (
          <Suspense fallback={null}>
            <BannedNotice />
          </Suspense>
        )}
        {userId && (
          <Suspense fallback={null}>
            <PenaltyNotice />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <ConfirmationToasts />
        </Suspense>
        <main id="main" className={styles.main} tabIndex={-1}>
          {/* The router suspends each new page while it settles its match. A boundary of the page's own, new with
              each match, takes that: without it the root's boundary hid the whole shell on every navigation. */}
          <Suspense key={page} fallback={null}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
