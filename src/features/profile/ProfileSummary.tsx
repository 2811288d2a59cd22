// The profile's top card: avatar (and its change button for the owner), names, email for the owner, join date,
// role, the online dot, the reputation bar, and the owner's or visitor's actions.
import { Suspense, useState } from 'react';
import type { ProfileView } from '../../state/queries/profile.ts';
import { useProfileWrites } from '../../state/queries/profile.ts';
import { useSignOut } from '../../state/session/useSignOut.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { AvatarChange } from './AvatarChange.tsx';
import { isOnline, joinedLabel, reputationPercent, roleLabel } from './profileFacts.ts';
import styles from './Profile.module.css';

interface Props {
  profile: ProfileView;
  own: boolean;
  signedIn: boolean;
  editing: boolean;
  onEdit(): void;
}

export function ProfileSummary({ profile, own, signedIn, editing, onEdit }: Props) {
  const onSignOut = useSignOut();
  // The time the screen opened: the dot says who was active then, without re-rendering every minute.
  const [now] = useState(() => Date.now());
  const writes = useProfileWrites(own ? profile.id : null);
  const waiting = writes.state === 'ready' && writes.data.waiting > 0;
  const name = profile.display_name?.trim() || profile.username;
  const role = roleLabel(profile.role);
  const online = isOnline(profile.last_seen_at, now);
  const percent = reputationPercent(profile.reputation);

  return (
    <section className={styles.summary} aria-label="Profile summary">
      <div className={styles.avatarWrap}>
        <Avatar src={profile.avatar_url} person={profile} size={104} />
        {online && <span className={styles.onlineDot} role="img" aria-label="Online now" title="Online now" />}
        {own && (
          <Suspense fallback={null}>
            <AvatarChange userId={profile.id} />
          </Suspense>
        )}
      </div>
      <div className={styles.who}>
        <h2 className={styles.name}>{name}</h2>
        <p className={styles.handle}>@{profile.username}</p>
        {own && profile.email && <p className={styles.line}>{profile.email}</p>}
        <p className={styles.line}>{joinedLabel(profile.created_at)}</p>
        {role && (
          <p className={styles.role}>
            <Icon name="shield" size={16} aria-hidden /> {role}
          </p>
        )}
        {waiting && (
          <p className={styles.waiting} role="status">
            Changes waiting to send
          </p>
        )}
        <div className={styles.reputation}>
          <div className={styles.reputationHead}>
            <span>Reputation</span>
            <strong>{profile.reputation}</strong>
          </div>
          <div
            className={styles.bar}
            role="meter"
            aria-label="Reputation"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span data-testid="reputation-bar" style={{ width: `${percent}%` }} />
          </div>
        </div>
      </div>
      <div className={styles.actions}>
        {own ? (
          <>
            {!editing && (
              <Button variant="primary" onClick={onEdit}>
                Edit Profile
              </Button>
            )}
            <Button onClick={() => void onSignOut()}>
              <Icon name="logout" size={18} aria-hidden /> Sign Out
            </Button>
          </>
        ) : (
          signedIn && (
            <ButtonLink to="/messages" search={{ to: profile.id }} variant="primary">
              <Icon name="mail" size={18} aria-hidden /> Send Message
            </ButtonLink>
          )
        )}
      </div>
    </section>
  );
}
