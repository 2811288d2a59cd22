// /members ('Community Members'): the directory, from the mirror at once and the server's pages when online,
// searched as the member types; staff change roles from a card's menu.
import { useLoaderData } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { toast } from '../../state/toast.ts';
import { AppError } from '../../backend/errors.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import type { ProfileRow, Role } from '../../data/types.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { SAVED_OFFLINE } from '../../state/mutations/confirmations.ts';
import { useRoleActions } from '../../state/mutations/roles.ts';
import { useMembersDirectory, useRoleChanges } from '../../state/queries/members.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useSyncStatusOf } from '../../state/sync/SyncContext.tsx';
import { LoadFailure } from '../../ui/LoadFailure.tsx';
import { RefusedWrite } from '../../ui/RefusedWrite.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { useMinuteClock } from '../../ui/useMinuteClock.ts';
import { MemberCard } from './MemberCard.tsx';
import { MemberGrid } from './MemberGrid.tsx';
import { MemberPlaceholders } from './MemberPlaceholders.tsx';
import { assignableRoles, ROLE_NAMES } from './memberFacts.ts';
import styles from './Members.module.css';
import { formatCount } from '../../lib/formatCount.ts';

/** SPEC §9: 6 member card placeholders. */
const PLACEHOLDERS = 6;

/** The signed-in viewer as the role rules need them; null for visitors. */
function useViewer() {
  const id = useSession((s) => s.user?.id ?? null);
  const role = useSession((s) => s.profile?.role ?? 'user');
  return useMemo(() => (id ? { id, role } : null), [id, role]);
}

function useChangeRole() {
  const { setRole } = useRoleActions();
  const online = useSyncStatusOf((s) => s.online);
  return useCallback(
    async (member: ProfileRow, role: Role) => {
      try {
        const queued = await setRole(member.id, role);
        if (!queued) return;
        if (!online) toast(SAVED_OFFLINE);
        const outcome = await queued.outcome;
        if (outcome === 'sent') toast.success('User role updated successfully');
        else reportError(new AppError('refused', 'The server refused the role change'), FAILURES.setRole);
      } catch (error) {
        reportError(error, FAILURES.setRole);
      }
    },
    [setRole, online],
  );
}

export function MembersPage() {
  const [query, setQuery] = useState('');
  const firstCards = useLoaderData({ from: '/shell/members' });
  const directory = useMembersDirectory(query, firstCards);
  const changes = useRoleChanges();
  const viewer = useViewer();
  const changeRole = useChangeRole();
  const now = useMinuteClock();
  const changeOf = useMemo(() => {
    const byMember = new Map((changes.state === 'ready' ? changes.data : []).map((c) => [c.memberId, c]));
    return (id: string) => byMember.get(id);
  }, [changes]);
  const renderCard = useCallback(
    (member: ProfileRow) => (
      <MemberCard
        key={member.id}
        member={member}
        roles={assignableRoles(viewer, member)}
        change={changeOf(member.id)}
        now={now}
        onRoleChange={changeRole}
      />
    ),
    [viewer, changeOf, now, changeRole],
  );
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.heading}>Community Members</h1>
          <p className={`muted ${styles.sub}`}>
            {directory.state === 'ready' && directory.whole && !query
              ? `${formatCount(directory.members.length)} members, highest reputation first`
              : 'Highest reputation first'}
          </p>
        </div>
        <SearchBox
          value={query}
          onChange={setQuery}
          label="Search members"
          placeholder="Search members…"
          className={styles.search}
        />
      </header>
      {changes.state === 'ready' &&
        changes.data.map(
          ({ entryId, role, refused }) =>
            refused && (
              <RefusedWrite
                key={entryId}
                entryId={entryId}
                label="Role change not sent"
                what={`${refused.memberName}'s role change to ${ROLE_NAMES[role]} was refused`}
                reason={refused.reason}
              />
            ),
        )}
      {directory.state === 'failed' && <LoadFailure title="Failed to load members" />}
      {directory.state === 'loading' && <MemberPlaceholders count={PLACEHOLDERS} />}
      {directory.state === 'ready' && directory.members.length === 0 && (
        <p className={styles.empty} role="status">
          {query.trim() ? 'No members found matching your search.' : 'No members found.'}
        </p>
      )}
      {directory.state === 'ready' && directory.members.length > 0 && (
        <MemberGrid
          members={directory.members}
          renderCard={renderCard}
          onEnd={directory.loadMore}
          firstFrame={!directory.whole}
        />
      )}
    </div>
  );
}
