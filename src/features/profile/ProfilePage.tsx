// /profile (own, signed-in) and /profile/{userId} (public): SPEC §2 "Profile", read from the mirror and fetched
// when the mirror lacks the member.
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useProfile, type ProfileView } from '../../state/queries/profile.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { EditProfileForm } from './EditProfileForm.tsx';
import { ProfileFailedWrites } from './ProfileFailedWrites.tsx';
import { ProfileInfoCard } from './ProfileInfoCard.tsx';
import { ProfileStats } from './ProfileStats.tsx';
import { ProfileSummary } from './ProfileSummary.tsx';
import { RecentActivityCard } from './RecentActivityCard.tsx';
import { TipsReceivedCard } from './wallet/TipsReceivedCard.tsx';
import { TipsSentCard } from './wallet/TipsSentCard.tsx';
import styles from './Profile.module.css';

export function ProfilePage() {
  const { userId: param } = useParams({ strict: false });
  const viewerId = useSession((s) => s.user?.id ?? null);
  const userId = param ?? viewerId ?? '';
  const own = viewerId !== null && userId === viewerId;
  const { profile, fetchState } = useProfile(userId, own);

  if (profile.state === 'failed') return <ProfileNotFound />;
  const row = profile.state === 'ready' ? profile.data : undefined;
  if (row) return <ProfileScreen key={row.id} profile={row} own={own} signedIn={viewerId !== null} />;
  // Still reading the mirror, or the mirror lacks it and the server is being asked.
  if (row === undefined || fetchState === 'loading')
    return (
      <div className={styles.loading}>
        <Spinner label="Loading profile..." />
      </div>
    );
  return <ProfileNotFound />;
}

function ProfileNotFound() {
  return (
    <Panel
      icon="user"
      title="Profile not found"
      actions={
        <ButtonLink to="/members" variant="primary">
          Browse members
        </ButtonLink>
      }
    >
      <p>This member does not exist, or their account was deleted.</p>
    </Panel>
  );
}

function ProfileScreen({ profile, own, signedIn }: { profile: ProfileView; own: boolean; signedIn: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{own ? 'My Profile' : `${profile.username}'s Profile`}</h1>
      <ProfileSummary
        profile={profile}
        own={own}
        signedIn={signedIn}
        editing={editing}
        onEdit={() => setEditing(true)}
      />
      {own && <ProfileFailedWrites userId={profile.id} />}
      <div className={styles.columns}>
        {editing ? (
          <EditProfileForm profile={profile} onClose={() => setEditing(false)} />
        ) : (
          <ProfileInfoCard profile={profile} own={own} signedIn={signedIn} />
        )}
        <ProfileStats profile={profile} />
      </div>
      <TipsReceivedCard userId={profile.id} count={profile.tips_received} />
      {own && <TipsSentCard userId={profile.id} />}
      <RecentActivityCard userId={profile.id} own={own} />
    </div>
  );
}
