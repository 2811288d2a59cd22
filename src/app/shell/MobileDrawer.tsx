// The phone navigation: the sidebar's lists in a sheet that slides in from the left.
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Button } from '../../ui/Button.tsx';
import { DialogClose, Sheet } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useUiStore } from '../../state/shell/uiStore.ts';
import { SidebarNav } from './SidebarNav.tsx';
import styles from './MobileDrawer.module.css';
import { BrandMark } from '../../ui/BrandMark.tsx';

export function MobileDrawer({ open, unread }: { open: boolean; unread: number }) {
  const setOpen = useUiStore((s) => s.setDrawerOpen);
  const pathname = useLocation({ select: (l) => l.pathname });
  // A navigation from anywhere (a link in the page, the back button) closes the drawer; mounting does not.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current !== pathname) setOpen(false);
    shownAt.current = pathname;
  }, [pathname, setOpen]);
  return (
    <Sheet open={open} onOpenChange={setOpen} title="Navigation">
      <div className={styles.head}>
        <Link to="/" className={styles.brand} onClick={() => setOpen(false)}>
          <BrandMark size={30} />
          GuapCoin Forum
        </Link>
        <DialogClose asChild>
          <Button variant="ghost" iconOnly aria-label="Close navigation">
            <Icon name="close" />
          </Button>
        </DialogClose>
      </div>
      <div className={styles.body} data-testid="drawer">
        <SidebarNav narrow={false} unread={unread} onNavigate={() => setOpen(false)} />
      </div>
    </Sheet>
  );
}
