// The header's notification bell: the unread count on it, and a panel of the member's notifications, newest first,
// read from the mirror (so it works offline). A click opens the post or the message and marks it read.
import { useNavigate } from '@tanstack/react-router';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { notificationHref, notificationText, type NotificationItem } from '../../data/queries/notifications.ts';
import { listAge } from '../../lib/relativeTime.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { useNotificationActions } from '../../state/mutations/notifications.ts';
import { useNotificationsQuery } from '../../state/queries/notifications.ts';
import { useUnreadNotificationCount } from '../../state/queries/unreadCounts.ts';
import { dataOrThrow } from '../../state/queries/useMirrorQuery.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { PathIcon } from '../../ui/icons.tsx';
import { CountBadge } from './CountBadge.tsx';
import { unreadBadge } from './identity.ts';
import styles from './Bell.module.css';

const BELL_PATH = 'M6 9a6 6 0 1 1 12 0c0 6 2.5 8 2.5 8h-17S6 15 6 9m4.3 11a2 2 0 0 0 3.4 0';
const MARK_FAILED = { failed: 'Failed to mark notifications as read' };

export function Bell({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const unread = dataOrThrow(useUnreadNotificationCount(userId)) ?? 0;
  const badge = unreadBadge(unread);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className={styles.trigger}
        aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
        data-testid="notifications-bell"
      >
        <PathIcon d={BELL_PATH} />
        <CountBadge count={unread} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={styles.panel}
          sideOffset={8}
          align="end"
          collisionPadding={8}
          aria-label="Notifications"
        >
          {open && <BellPanel userId={userId} unread={unread} close={() => setOpen(false)} />}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function BellPanel({ userId, unread, close }: { userId: string; unread: number; close: () => void }) {
  const list = useNotificationsQuery(userId);
  const actions = useNotificationActions();
  const navigate = useNavigate();
  const items = list.state === 'ready' ? list.data : [];

  const markAll = () => actions.markAllRead().catch((error: unknown) => reportError(error, MARK_FAILED));
  const openItem = (item: NotificationItem) => {
    close();
    if (item._unread) void actions.markRead(item.id).catch((error: unknown) => reportError(error, MARK_FAILED));
    void navigate({ href: notificationHref(item) });
  };

  return (
    <section data-testid="notifications-panel">
      <header className={styles.head}>
        <h2 className={styles.title}>Notifications</h2>
        <button type="button" className={styles.markAll} onClick={() => void markAll()} disabled={unread === 0}>
          Mark all read
        </button>
      </header>
      {list.state === 'failed' ? (
        <p className={styles.empty}>Your notifications could not be read on this device.</p>
      ) : list.state === 'ready' && items.length === 0 ? (
        <p className={styles.empty}>No notifications yet</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={item._unread ? `${styles.item} ${styles.unread}` : styles.item}
                onClick={() => openItem(item)}
                data-testid="notification"
              >
                <Avatar src={item.actor?.avatar_url} person={item.actor} size={36} />
                <span className={styles.body}>
                  <span className={styles.text}>{notificationText(item)}</span>
                  <time className={styles.time} dateTime={item.created_at}>
                    {listAge(item.created_at)}
                  </time>
                </span>
                {item._unread === 1 && <span className={styles.dot} role="img" aria-label="Unread" />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
