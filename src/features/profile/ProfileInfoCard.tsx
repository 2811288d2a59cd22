// The Profile Information card (SPEC §2): display name, bio and wallet address, each with its empty text.
import type { ProfileView } from '../../state/queries/profile.ts';
import { WalletAddress } from './WalletAddress.tsx';
import styles from './Profile.module.css';

export function ProfileInfoCard({ profile }: { profile: ProfileView }) {
  return (
    <section className={styles.card} aria-labelledby="profile-info">
      <h2 id="profile-info" className={styles.cardTitle}>
        Profile Information
      </h2>
      <dl className={styles.info}>
        <dt>Display Name</dt>
        <dd>{profile.display_name?.trim() || <span className="muted">Not set</span>}</dd>
        <dt>Bio</dt>
        <dd className={styles.bio}>{profile.bio?.trim() || <span className="muted">No bio yet</span>}</dd>
        <dt>Wallet Address</dt>
        <dd>
          {profile.wallet_address ? (
            <WalletAddress address={profile.wallet_address} />
          ) : (
            <span className="muted">Not connected</span>
          )}
        </dd>
      </dl>
    </section>
  );
}
