// /messages (signed-in): Inbox (with the unread count) and Sent, searched on the device, beside a detail pane;
// ?message= opens one message, ?to= the 'New Message' dialog for that member. Everything reads the mirror and
// writes through the outbox, so it all works offline.
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useMessage, useMessageLists, useMessageWrites } from '../../state/queries/messages.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { useMinuteClock } from '../../ui/useMinuteClock.ts';
import { LoadFailure } from '../../ui/LoadFailure.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { ComposeDialog } from './ComposeDialog.tsx';
import { MessageDetail } from './MessageDetail.tsx';
import { MessageList } from './MessageList.tsx';
import { MessageWritesNotice } from './MessageWritesNotice.tsx';
import { matchesSearch } from './messageFacts.ts';
import styles from './Messages.module.css';

const route = getRouteApi('/shell/member/messages');

type Box = 'inbox' | 'sent';

export function MessagesPage() {
  // The route guard shows this page to signed-in members only.
  const userId = useSession((s) => s.user?.id) ?? '';
  const search = route.useSearch();
  const navigate = useNavigate();
  const lists = useMessageLists(userId);
  const opened = useMessage(userId, search.message);
  const writes = useMessageWrites(userId);
  const [box, setBox] = useState<Box>('inbox');
  const [query, setQuery] = useState('');
  const [composingByButton, setComposingByButton] = useState(false);
  // ?to= (the profile's Send Message) opens the dialog until it is closed.
  const composing = composingByButton || search.to !== undefined;
  const now = useMinuteClock();

  // A message opened by address shows in the box that holds it.
  const openedMessage = opened.state === 'ready' ? opened.data?.message : undefined;
  const openedId = openedMessage?.id;
  const [boxChosenFor, setBoxChosenFor] = useState<string>();
  if (openedMessage && openedId !== boxChosenFor) {
    setBoxChosenFor(openedId);
    setBox(openedMessage.sender_id === userId ? 'sent' : 'inbox');
  }

  const close = () => void navigate({ to: '/messages', search: {}, replace: true });
  const setCompose = (open: boolean) => {
    setComposingByButton(open);
    if (!open && search.to) void navigate({ to: '/messages', search: { message: search.message }, replace: true });
  };

  const waitingRead = useMemo(
    () =>
      new Set(
        (writes.state === 'ready' ? writes.data.waiting : []).flatMap((e) =>
          e.write.kind === 'markRead' ? [e.write.id] : [],
        ),
      ),
    [writes],
  );
  const shown = (b: Box) =>
    lists.state === 'ready' ? lists.data[b].filter((m) => matchesSearch(m, userId, query)) : [];
  const unread = lists.state === 'ready' ? lists.data.inbox.filter((m) => !m.is_read).length : 0;
  const isOpen = openedMessage !== undefined;

  const listFor = (b: Box) => {
    if (lists.state === 'failed') return <LoadFailure title="Failed to load messages" />;
    if (lists.state === 'loading') {
      return (
        <div aria-busy="true" aria-label="Loading messages">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={styles.placeholderRow} />
          ))}
        </div>
      );
    }
    const messages = shown(b);
    if (messages.length === 0) {
      return (
        <p className={styles.empty} role="status">
          {query.trim()
            ? 'No messages found matching your search.'
            : b === 'inbox'
              ? 'No messages yet.'
              : 'No sent messages yet.'}
        </p>
      );
    }
    return (
      <MessageList
        box={b}
        messages={messages}
        userId={userId}
        openId={search.message}
        now={now}
        waitingRead={waitingRead}
      />
    );
  };

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.heading}>Messages</h1>
          <p className={`muted ${styles.sub}`}>Private conversations with other members</p>
        </div>
        <Button variant="primary" onClick={() => setCompose(true)}>
          <Icon name="mail" size={18} aria-hidden /> New Message
        </Button>
      </header>
      {writes.state === 'ready' && <MessageWritesNotice waiting={writes.data.waiting} failed={writes.data.failed} />}
      <div className={styles.layout} data-open={isOpen}>
        <section className={styles.listPane} aria-label="Messages list">
          <Tabs value={box} onValueChange={(v) => setBox(v === 'sent' ? 'sent' : 'inbox')}>
            <TabList aria-label="Message boxes">
              <Tab value="inbox">
                Inbox
                {unread > 0 && (
                  <span className={styles.tabBadge} aria-label={`${unread} unread`}>
                    {unread > 99 ? '99+' : unread}
                  </span>
                )}
              </Tab>
              <Tab value="sent">Sent</Tab>
            </TabList>
            <SearchBox
              value={query}
              onChange={setQuery}
              label="Search messages"
              placeholder="Search messages…"
              className={styles.search}
            />
            <TabPanel value="inbox">{listFor('inbox')}</TabPanel>
            <TabPanel value="sent">{listFor('sent')}</TabPanel>
          </Tabs>
        </section>
        <section className={styles.detailPane} aria-label="Message detail">
          {opened.state === 'ready' && opened.data ? (
            <MessageDetail
              key={opened.data.message.id}
              userId={userId}
              message={opened.data.message}
              earlier={opened.data.earlier}
              now={now}
              onClose={close}
            />
          ) : (
            <div className={styles.emptyDetail}>
              <Icon name="mail" size={40} aria-hidden />
              <p>
                {search.message && opened.state === 'ready'
                  ? 'This message is not on this device yet, or it was deleted.'
                  : 'Select a message to read'}
              </p>
            </div>
          )}
        </section>
      </div>
      <ComposeDialog userId={userId} open={composing} onOpenChange={setCompose} initialRecipient={search.to} />
    </div>
  );
}
