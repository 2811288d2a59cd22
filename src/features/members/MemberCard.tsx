// One member of the directory: avatar (or initials) with the online dot, names, badges, a two-line bio and the
// numbers; the card opens the profile, and staff get the role menu beside it.
import { Link } from '@tanstack/react-router';
import type { RoleChange } from '../../data/queries/members.ts';
import type { ProfileRow, Role } from '../../data/types.ts';
import { relativeAge } from '../../lib/relativeTime.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { isOnline, postCount } from './memberFacts.ts';
import { RoleMenu } from './RoleMenu.tsx';
import styles from './Members.module.css';
import { formatCount } from '../../lib/formatCount.ts';

interface MemberCardProps {
  member: ProfileRow;
  /** The roles the viewer may give this member; none hides the menu. */
  roles: Role[];
  change?: RoleChange;
  now: number;
  onRoleChange(member: ProfileRow, role: Role): Promise<void>;
}

function Badges({ member }: { member: ProfileRow }) {
  return (
    <span className={styles.badges}>
      {member.role === 'admin' && <span className="badge badge-admin">Admin</span>}
      {member.role === 'moderator' && <span className="badge badge-mod">Moderator</span>}
      {member.wallet_verified && <span className="badge badge-verified">Verified</span>}
    </span>
  );
}

function joined(createdAt: string, now: number): string {
  const age = relativeAge(createdAt, now);
  return age === 'just now' ? age : `${age} ago`;
}

export function MemberCard({ member, roles, change, now, onRoleChange }: MemberCardProps) {
  const name = member.display_name?.trim() || member.username;
  const online = isOnline(member.last_seen_at, now);
  return (
    <article className={styles.card} data-testid="member-card">
      <Link to="/profile/$userId" params={{ userId: member.id }} className={styles.cardLink}>
        <span className={styles.identity}>
          <span className={styles.avatar}>
            <Avatar src={member.avatar_url} person={member} size={52} />
            {online && <span className={styles.online} role="img" aria-label="Online" title="Online" />}
          </span>
          <span className={styles.names}>
            <span className={styles.name}>{name}</span>
            <span className={styles.username}>@{member.username}</span>
            <Badges member={member} />
          </span>
        </span>
        <p className={member.bio ? styles.bio : `${styles.bio} ${styles.noBio}`}>{member.bio || 'No bio yet'}</p>
        <dl className={styles.stats}>
          <div>
            <dt>Reputation</dt>
            <dd>{formatCount(member.reputation)}</dd>
          </div>
          <div>
            <dt>Posts</dt>
            <dd>{formatCount(postCount(member))}</dd>
          </div>
          <div>
            <dt>Joined</dt>
            <dd>{joined(member.created_at, now)}</dd>
          </div>
        </dl>
      </Link>
      {change && (
        <span className={change.status === 'failed' ? `${styles.change} ${styles.changeFailed}` : styles.change}>
          {change.status === 'failed' ? 'Role change refused' : 'Role change waiting to send'}
        </span>
      )}
      {roles.length > 0 && <RoleMenu memberName={name} roles={roles} onChange={(role) => onRoleChange(member, role)} />}
    </article>
  );
}
