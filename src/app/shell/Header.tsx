// The top bar: drawer button (phones), search, sync state, the notification bell, messages with the unread badge,
// and the user menu or Sign In.
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { SearchBoxPlaceholder } from '../../features/search/SearchBoxPlaceholder.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { CountBadge } from './CountBadge.tsx';
import { unreadBadge } from './identity.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useUiStore } from '../../state/shell/uiStore.ts';
import { SyncIndicator } from './SyncIndicator.tsx';
import { UserMenuPlaceholder } from './UserMenuPlaceholder.tsx';
import styles from './Header.module.css';
import { loadAgainWhenOnline } from '../../lib/loadAgainWhenOnline.ts';
import { BrandMark } from '../../ui/BrandMark.tsx';
import { preloadableLazy } from '../../lib/preloadableLazy.ts';

// The menu's dropdown and the bell's panel load for signed-in members only; visitors never need them.
const UserMenu = lazy(loadAgainWhenOnline(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu }))));
const Bell = lazy(loadAgainWhenOnline(() => import('./Bell.tsx').then((m) => ({ default: m.Bell }))));
// The search box's instant search loads just after the first paint, which shows the box as it will be.
const searchCode = preloadableLazy(
  () => import('../../features/search/HeaderSearch.tsx'),
  (m) => m.HeaderSearch,
);
export const loadHeaderSearch = searchCode.load;

/**
 * The app's start on the server's page waits for the box's code, so hydrating renders it at once: React.lazy would
 * suspend even then, and the server's box, with the words a visitor typed in it and the focus, would be rendered anew.
 */
function HeaderSearch() {
  const [Box] = useState(searchCode.component);
  return <Box />;
}

export function Header({ unread }: { unread: number }) {
  const userId = useSession((s) => s.user?.id ?? null);
  const signedIn = userId !== null;
  const loading = useSession((s) => s.loading);
  const openDrawer = useUiStore((s) => s.setDrawerOpen);
  const badge = unreadBadge(unread);
  return (
    <header className={styles.header} data-app-header>
      <Button
        variant="ghost"
        iconOnly
        className={styles.menuButton}
        onClick={() => openDrawer(true)}
        aria-label="Open navigation"
      >
        <Icon name="menu" />
      </Button>
      <Link to="/" className={styles.brand} aria-label="GuapCoin Forum home">
        <BrandMark size={30} />
      </Link>
      <Suspense fallback={<SearchBoxPlaceholder />}>
        <HeaderSearch />
      </Suspense>
      <div className={styles.actions}>
        <SyncIndicator />
        {userId && (
          <Suspense fallback={null}>
            <Bell userId={userId} />
          </Suspense>
        )}
        {signedIn && (
          <Link
            to="/messages"
            className={styles.iconLink}
            aria-label={badge ? `Messages, ${badge} unread` : 'Messages'}
            data-testid="messages-link"
          >
            <Icon name="mail" />
            <CountBadge count={unread} />
          </Link>
        )}
        {signedIn ? (
          <Suspense fallback={<UserMenuPlaceholder />}>
            <UserMenu />
          </Suspense>
        ) : (
          !loading && (
            <ButtonLink to="/auth" variant="primary">
              Sign In
            </ButtonLink>
          )
        )}
      </div>
    </header>
  );
}
