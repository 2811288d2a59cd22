// /moderation: checked here rather than by the route guard (SPEC §2). Admins get Users, Banned, Reports, Log and
// Watched words; everyone else the spec's Access Denied (moderators have their report queue at /reports). Online only.
import { useCallback, useState } from 'react';
import { useRoleCheck } from '../../state/session/useRoleCheck.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { AccessDenied } from './AccessDenied.tsx';
import { BannedTab } from './BannedTab.tsx';
import { LogTab } from './LogTab.tsx';
import { OnlineOnly } from './OnlineOnly.tsx';
import { ReportsTab } from './ReportsTab.tsx';
import { useBannedMembers, useOpenReports, useUserCount, type PagedQuery } from '../../state/server/moderation.ts';
import { UsersTab } from './UsersTab.tsx';
import { WatchedWordsTab } from './WatchedWordsTab.tsx';
import styles from './Moderation.module.css';
import { formatCount } from '../../lib/formatCount.ts';

export function ModerationPage() {
  const check = useRoleCheck(['admin']);
  if (check.state === 'loading') return <Spinner />;
  if (check.state === 'denied') return <AccessDenied role={check.role} userId={check.userId} page="/moderation" />;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.heading}>Moderation</h1>
          <p className="muted">Members, bans, reports, the moderation log and the watched words.</p>
        </div>
        <ButtonLink to="/admin/bulk-create" variant="default">
          Bulk create threads
        </ButtonLink>
      </header>
      <OnlineOnly what="The moderation panel">
        <ModerationTabs />
      </OnlineOnly>
    </div>
  );
}

/** A count for a tab's label, once the list has loaded: '50+' when there are more pages. */
function countOf<T>(list: PagedQuery<T>): string | undefined {
  if (list.state !== 'ready') return undefined;
  return list.more ? `${list.rows.length}+` : String(list.rows.length);
}

function TabLabel({ name, count }: { name: string; count?: string }) {
  return (
    <>
      {name}
      {count !== undefined && <span className={styles.tabCount}>{count}</span>}
    </>
  );
}

function ModerationTabs() {
  const [tab, setTab] = useState('users');
  const banned = useBannedMembers();
  const reports = useOpenReports();
  const users = useUserCount();
  const userCount = users === undefined ? undefined : formatCount(users);
  const reloadBanned = banned.state === 'ready' ? banned.reload : undefined;
  const onBanned = useCallback(() => reloadBanned?.(), [reloadBanned]);
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <div className={styles.tabScroller}>
        <TabList aria-label="Moderation">
          <Tab value="users">
            <TabLabel name="Users" count={userCount} />
          </Tab>
          <Tab value="banned">
            <TabLabel name="Banned" count={countOf(banned)} />
          </Tab>
          <Tab value="reports">
            <TabLabel name="Reports" count={countOf(reports)} />
          </Tab>
          <Tab value="log">Log</Tab>
          <Tab value="words">Watched words</Tab>
        </TabList>
      </div>
      <TabPanel value="users">
        <UsersTab onBanned={onBanned} />
      </TabPanel>
      <TabPanel value="banned">
        <BannedTab list={banned} />
      </TabPanel>
      <TabPanel value="reports">
        <ReportsTab list={reports} canBan onBanned={onBanned} />
      </TabPanel>
      <TabPanel value="log">
        <LogTab />
      </TabPanel>
      <TabPanel value="words">
        <WatchedWordsTab />
      </TabPanel>
    </Tabs>
  );
}
