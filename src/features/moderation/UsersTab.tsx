// The Users tab (SPEC §2): members newest first, searched by username or email on the server, 50 to a page; each
// row has its Role select and Ban User. The admin themself is not listed (the database leaves them out).
import { useState } from 'react';
import type { ModeratedUser } from '../../backend/moderation.ts';
import type { Role } from '../../data/types.ts';
import { useModerationUsers } from '../../state/server/moderation.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { useMinuteClock } from '../../ui/useMinuteClock.ts';
import { fullTime } from '../../lib/relativeTime.ts';
import { BanDialog, type BanTarget } from './BanDialog.tsx';
import { ListGate, LoadMore } from './ListStates.tsx';
import { ago } from './moderationFacts.ts';
import { RoleSelect } from './RoleSelect.tsx';
import { useChangeRole } from './useChangeRole.ts';
import { useSettled } from './useSettled.ts';
import tableStyles from './ModerationTable.module.css';
import styles from './Moderation.module.css';

/** The server is asked once typing pauses. */
const SEARCH_DEBOUNCE_MS = 250;

export function UsersTab({ onBanned }: { onBanned(): void }) {
  const [query, setQuery] = useState('');
  const search = useSettled(query.trim(), SEARCH_DEBOUNCE_MS);
  const list = useModerationUsers(search);
  const [banning, setBanning] = useState<BanTarget | null>(null);
  const changeRole = useChangeRole();
  const now = useMinuteClock();
  const update = list.state === 'ready' ? list.update : undefined;
  const setRow = (id: string, change: Partial<ModeratedUser>) =>
    update?.((rows) => rows.map((r) => (r.id === id ? { ...r, ...change } : r)));
  const onRoleChange = async (user: ModeratedUser, role: Role) => {
    if (await changeRole(user.id, role)) setRow(user.id, { role });
  };
  return (
    <>
      <SearchBox
        value={query}
        onChange={setQuery}
        label="Search users by username or email"
        placeholder="Search by username or email…"
        className={styles.search}
      />
      <ListGate
        list={list}
        failed="Failed to load users"
        empty={search ? 'No users match your search.' : 'No other users yet.'}
      />
      {list.state === 'ready' && list.rows.length > 0 && (
        <div className={tableStyles.tableBox}>
          <table className={tableStyles.table}>
            <thead>
              <tr>
                <th>User</th>
                <th>Joined</th>
                <th>Role</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((user) => (
                <tr key={user.id} data-testid="moderation-user">
                  <td>
                    <div className={styles.person}>
                      <Avatar src={user.avatar_url} person={user} size={36} />
                      <div className={styles.names}>
                        <strong>{user.display_name || user.username}</strong>
                        <span className="muted">@{user.username}</span>
                        <span className={styles.email}>{user.email}</span>
                      </div>
                    </div>
                  </td>
                  <td data-label="Joined" className={tableStyles.when} title={fullTime(user.created_at)}>
                    {ago(user.created_at, now)}
                  </td>
                  <td data-label="Role">
                    <RoleSelect
                      username={user.username}
                      role={user.role}
                      onChange={(role) => onRoleChange(user, role)}
                    />
                  </td>
                  <td>
                    {user.is_banned ? (
                      <span className={styles.bannedMark}>Banned</span>
                    ) : (
                      <Button
                        variant="danger"
                        onClick={() => setBanning({ id: user.id, username: user.username })}
                        aria-label={`Ban User ${user.username}`}
                      >
                        Ban User
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore list={list} failed="Failed to load more users" />
      <BanDialog
        target={banning}
        onClose={() => setBanning(null)}
        onBanned={(target) => {
          setRow(target.id, { is_banned: true });
          onBanned();
        }}
      />
    </>
  );
}
