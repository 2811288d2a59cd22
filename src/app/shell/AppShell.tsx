// The main layout (SPEC §2 "Shell layout"): sidebar or drawer, header, notices, and the page.
import { Outlet } from '@tanstack/react-router';
import { useSession } from '../session/SessionContext.tsx';
import { Header } from './Header.tsx';
import { MobileDrawer } from './MobileDrawer.tsx';
import { BannedNotice, OfflineBanner } from './Notices.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useUnreadCount } from './useUnreadCount.ts';
import styles from './AppShell.module.css';

export function AppShell() {
  const userId = useSession((s) => s.user?.id ?? null);
  const unread = useUnreadCount(userId);
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <Sidebar unread={unread} />
      <MobileDrawer unread={unread} />
      <div className={styles.column}>
        <Header unread={unread} />
        <OfflineBanner />
        <BannedNotice />
        <main id="main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
