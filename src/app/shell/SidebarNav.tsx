// The navigation lists, shared by the desktop sidebar and the phone drawer.
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { Icon } from '../../ui/icons.tsx';
import { unreadBadge } from './identity.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import type { Role } from '../../backend/profiles.ts';
import { MAIN_NAV, secondaryNav, type NavItem } from './navItems.ts';
import styles from './SidebarNav.module.css';
import { loadAgainWhenOnline } from '../../lib/loadAgainWhenOnline.ts';

// Only the narrow rail needs tooltips; their positioning code loads when the rail first renders narrow,
// so the wide sidebar and the phone layout never fetch it.
const LazyTooltip = lazy(
  loadAgainWhenOnline(() => import('../../ui/Tooltip.tsx').then((m) => ({ default: m.Tooltip }))),
);
// Only staff get the Review link and its count.
const ReviewCount = lazy(
  loadAgainWhenOnline(() => import('./ReviewCount.tsx').then((m) => ({ default: m.ReviewCount }))),
);

function NarrowTooltip({ label, narrow, children }: { label: string; narrow: boolean; children: ReactNode }) {
  if (!narrow) return children;
  return (
    <Suspense fallback={children}>
      <LazyTooltip label={label}>{children}</LazyTooltip>
    </Suspense>
  );
}

interface SidebarNavProps {
  /** Icons only, with the label in a tooltip and for screen readers. */
  narrow: boolean;
  unread: number;
  onNavigate?: () => void;
}

function NavLink({ item, narrow, unread, onNavigate }: { item: NavItem } & SidebarNavProps) {
  const badge = item.unread ? unreadBadge(unread) : null;
  const exact = item.link.to === '/';
  return (
    <li>
      <NarrowTooltip label={item.label} narrow={narrow}>
        <Link
          {...item.link}
          className={styles.link}
          activeProps={{ className: `${styles.link} ${styles.active}` }}
          activeOptions={{ exact, includeSearch: false }}
          onClick={onNavigate}
        >
          <Icon name={item.icon} />
          <span className={narrow ? 'sr-only' : styles.label}>{item.label}</span>
          {badge && (
            <span className={narrow ? styles.dot : styles.badge} aria-label={`${badge} unread`}>
              {narrow ? '' : badge}
            </span>
          )}
          {item.pending && (
            <Suspense fallback={null}>
              <ReviewCount narrow={narrow} />
            </Suspense>
          )}
        </Link>
      </NarrowTooltip>
    </li>
  );
}

export function SidebarNav(props: SidebarNavProps) {
  const role = useSession((s) => s.profile?.role);
  return <NavLists role={role} {...props} />;
}

/** The lists for a member of this role, or for a visitor: the server renders a visitor's into the HTML (src/ssr). */
export function NavLists({ role, ...props }: SidebarNavProps & { role: Role | undefined }) {
  return (
    <nav aria-label="Main" className={styles.nav}>
      <ul className={styles.list}>
        {MAIN_NAV.map((item) => (
          <NavLink key={item.label} item={item} {...props} />
        ))}
      </ul>
      <hr className={styles.rule} />
      <ul className={styles.list} aria-label="Your account">
        {secondaryNav(role).map((item) => (
          <NavLink key={item.label} item={item} {...props} />
        ))}
      </ul>
    </nav>
  );
}
