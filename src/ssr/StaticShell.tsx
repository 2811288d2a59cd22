// The app's shell as it first paints, for the HTML the local stack serves: the sidebar, the header with the search
// box, and the page. A visitor's first page has Sign In; the shell index.html is built with has none, since it is
// also every member's start (from the service worker's copy). The same styles and navigation as the live shell
// (src/app/shell), which replaces it once the app has started.
import type { ReactNode } from 'react';
import { NavLists } from '../app/shell/SidebarNav.tsx';
import { SearchBoxPlaceholder } from '../features/search/SearchBoxPlaceholder.tsx';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { Icon } from '../ui/icons.tsx';
import shell from '../app/shell/AppShell.module.css';
import header from '../app/shell/Header.module.css';
import sidebar from '../app/shell/Sidebar.module.css';
import { BrandMark } from '../ui/BrandMark.tsx';

export function StaticShell({ children, visitor }: { children: ReactNode; visitor: boolean }) {
  return (
    <div className={shell.shell}>
      <a href="#main" className={shell.skip}>
        Skip to content
      </a>
      <aside className={sidebar.sidebar} data-narrow={false} data-testid="sidebar">
        <a href="/" className={sidebar.brand} aria-label="GuapCoin Forum home">
          <BrandMark size={34} />
          <span className={sidebar.brandText}>
            GuapCoin <span className={sidebar.brandAccent}>Forum</span>
          </span>
        </a>
        <div className={sidebar.scroll}>
          <NavLists role={undefined} narrow={false} unread={0} />
        </div>
        <div className={sidebar.footer}>
          <Button variant="ghost" full aria-expanded aria-label="Collapse sidebar">
            <Icon name="chevronLeft" />
            <span>Collapse</span>
          </Button>
        </div>
      </aside>
      <div className={shell.column}>
        <header className={header.header}>
          <Button variant="ghost" iconOnly className={header.menuButton} aria-label="Open navigation" disabled>
            <Icon name="menu" />
          </Button>
          <a href="/" className={header.brand} aria-label="GuapCoin Forum home">
            <BrandMark size={30} />
          </a>
          <SearchBoxPlaceholder />
          <div className={header.actions}>
            {visitor && (
              <ButtonLink to="/auth" variant="primary">
                Sign In
              </ButtonLink>
            )}
          </div>
        </header>
        <main id="main" className={shell.main} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
