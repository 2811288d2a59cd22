// The desktop and tablet sidebar: 256 px wide or 80 px narrow (SPEC §9), the choice remembered.
import { Link } from '@tanstack/react-router';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useUiStore } from '../../state/shell/uiStore.ts';
import { SidebarNav } from './SidebarNav.tsx';
import { TABLET_QUERY, useMediaQuery } from './useMediaQuery.ts';
import styles from './Sidebar.module.css';
import { BrandMark } from '../../ui/BrandMark.tsx';

export function Sidebar({ unread }: { unread: number }) {
  const collapsed = useUiStore((s) => s.sidebarCollapsed);
  const toggle = useUiStore((s) => s.toggleSidebar);
  // Tablets always get the narrow rail; the toggle is for desktop widths.
  const tablet = useMediaQuery(TABLET_QUERY);
  const narrow = collapsed || tablet;
  return (
    <aside className={styles.sidebar} data-narrow={narrow} data-testid="sidebar">
      <Link to="/" className={styles.brand} aria-label="GuapCoin Forum home">
        <BrandMark size={34} />
        {!narrow && (
          <span className={styles.brandText}>
            GuapCoin <span className={styles.brandAccent}>Forum</span>
          </span>
        )}
      </Link>
      <div className={styles.scroll}>
        <SidebarNav narrow={narrow} unread={unread} />
      </div>
      {!tablet && (
        <div className={styles.footer}>
          <Button
            variant="ghost"
            full
            onClick={toggle}
            aria-expanded={!collapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          >
            <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
            {!collapsed && <span>Collapse</span>}
          </Button>
        </div>
      )}
    </aside>
  );
}
