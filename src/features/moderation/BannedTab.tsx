// The Banned tab (SPEC §2): who is banned, why and when, whether their posts went, and Unban.
import { useState } from 'react';
import type { BannedMember } from '../../backend/moderation.ts';
import { useUnbanMember, type PagedQuery } from '../../state/server/moderation.ts';
import { Button } from '../../ui/Button.tsx';
import { useMinuteClock } from '../../ui/useMinuteClock.ts';
import { fullTime } from '../../lib/relativeTime.ts';
import { ListGate } from './ListStates.tsx';
import { ago } from './moderationFacts.ts';
import cardStyles from './ItemCards.module.css';
import styles from './Moderation.module.css';

export function BannedTab({ list }: { list: PagedQuery<BannedMember> }) {
  const unbanMember = useUnbanMember();
  const now = useMinuteClock();
  const [busy, setBusy] = useState<string>();
  const unban = async (member: BannedMember) => {
    setBusy(member.user_id);
    const outcome = await unbanMember.run(member.user_id);
    setBusy(undefined);
    if (outcome.ok && list.state === 'ready') list.update((rows) => rows.filter((r) => r.user_id !== member.user_id));
  };
  return (
    <>
      <ListGate list={list} failed="Failed to load banned users" empty="No banned users" />
      {list.state === 'ready' && list.rows.length > 0 && (
        <ul className={cardStyles.cards}>
          {list.rows.map((member) => (
            <li key={member.id} className={cardStyles.card} data-testid="banned-user">
              <div className={cardStyles.cardHead}>
                <div className={styles.names}>
                  <strong>@{member.username}</strong>
                  <span className={styles.email}>{member.email}</span>
                </div>
                <Button
                  onClick={() => void unban(member)}
                  disabled={busy === member.user_id}
                  aria-label={`Unban ${member.username}`}
                >
                  {busy === member.user_id ? 'Unbanning...' : 'Unban'}
                </Button>
              </div>
              <p className={cardStyles.reason}>{member.reason}</p>
              <p className={cardStyles.meta}>
                <span title={fullTime(member.banned_at)}>Banned {ago(member.banned_at, now)}</span>
                {member.delete_posts && <span className={styles.deletedMark}>Posts deleted</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
