// /moderation: checked here rather than by the route guard (SPEC §2). Admins get Users, Banned, Reports and Log;
// moderators only Reports (issue 14 gives staff the reports); members the spec's Access Denied. Online only.
import { useCallback, useEffect, useState } from 'react';
import {
  countModerationUsers,
  fetchBannedMembers,
  fetchOpenReports,
  type OpenReport,
} from '../../backend/moderation.ts';
import { useBackend } from '../../state/BackendContext.tsx';
import { logError } from '../../state/errors/reportError.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useRoleCheck } from '../../state/session/useRoleCheck.ts';
import { useSyncStatus } from '../../state/sync/SyncContext.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { AccessDenied } from './AccessDenied.tsx';
import { BannedTab } from './BannedTab.tsx';
import { LogTab } from './LogTab.tsx';
import { ReportsTab } from './ReportsTab.tsx';
import { usePagedList, type PagedList } from './usePagedList.ts';
import { UsersTab } from './UsersTab.tsx';
import styles from './Moderation.module.css';

export function ModerationPage() {
  const check = useRoleCheck(['admin', 'moderator']);
  const role = useSession((s) => s.profile?.role);
  const { online, unreachable } = useSyncStatus();
  if (check.state === 'loading') return <Spinner />;
  if (check.state === 'denied') return <AccessDenied role={check.role} userId={check.userId} />;
  const admin = role === 'admin';
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.heading}>Moderation</h1>
          <p className="muted">
            {admin ? 'Members, bans, reports and the moderation log.' : 'Posts that members have reported.'}
          </p>
        </div>
        {admin && (
          <ButtonLink to="/admin/bulk-create" variant="default">
            Bulk create threads
          </ButtonLink>
        )}
      </header>
      {online && !unreachable ? (
        <ModerationTabs admin={admin} />
      ) : (
        <Panel icon="offline" title="You are offline">
          <p>The moderation panel needs a connection. It will load when you are back online.</p>
        </Panel>
      )}
    </div>
  );
}

/** A count for a tab's label, once the list has loaded: '50+' when there are more pages. */
function countOf<T>(list: PagedList<T>): string | undefined {
  if (list.state !== 'ready') return undefined;
  return list.more ? `${list.rows.length}+` : String(list.rows.length);
}

/** How many members the Users tab holds (the admin not counted); nothing while unknown. */
function useUserCount(): string | undefined {
  const client = useBackend();
  const [count, setCount] = useState<number>();
  useEffect(() => {
    let current = true;
    countModerationUsers(client, '').then(
      (value) => current && setCount(value),
      (error: unknown) => logError(error, 'Failed to count users'),
    );
    return () => {
      current = false;
    };
  }, [client]);
  return count?.toLocaleString('en-US');
}

function TabLabel({ name, count }: { name: string; count?: string }) {
  return (
    <>
      {name}
      {count !== undefined && <span className={styles.tabCount}>{count}</span>}
    </>
  );
}

function ModerationTabs({ admin }: { admin: boolean }) {
  const client = useBackend();
  const [tab, setTab] = useState(admin ? 'users' : 'reports');
  const fetchBanned = useCallback(
    () => (admin ? fetchBannedMembers(client) : Promise.resolve([])).then((rows) => ({ rows, more: false })),
    [client, admin],
  );
  const banned = usePagedList(fetchBanned, 'Failed to load banned users');
  const fetchReports = useCallback(
    (shown: OpenReport[]) => fetchOpenReports(client, shown.at(-1)?.last_reported_at ?? null),
    [client],
  );
  const reports = usePagedList(fetchReports, 'Failed to load reports');
  const userCount = useUserCount();
  const reloadBanned = banned.state === 'ready' ? banned.reload : undefined;
  const onBanned = useCallback(() => reloadBanned?.(), [reloadBanned]);
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <div className={styles.tabScroller}>
        <TabList aria-label="Moderation">
          {admin && (
            <Tab value="users">
              <TabLabel name="Users" count={userCount} />
            </Tab>
          )}
          {admin && (
            <Tab value="banned">
              <TabLabel name="Banned" count={countOf(banned)} />
            </Tab>
          )}
          <Tab value="reports">
            <TabLabel name="Reports" count={countOf(reports)} />
          </Tab>
          {admin && <Tab value="log">Log</Tab>}
        </TabList>
      </div>
      {admin && (
        <TabPanel value="users">
          <UsersTab onBanned={onBanned} />
        </TabPanel>
      )}
      {admin && (
        <TabPanel value="banned">
          <BannedTab list={banned} />
        </TabPanel>
      )}
      <TabPanel value="reports">
        <ReportsTab list={reports} canBan={admin} onBanned={onBanned} />
      </TabPanel>
      {admin && (
        <TabPanel value="log">
          <LogTab />
        </TabPanel>
      )}
    </Tabs>
  );
}
