// The Profile Information card (SPEC §2): display name, bio and wallet address, each with its empty text.
import type { ProfileView } from '../../state/queries/profile.ts';
import { WalletAddress } from './WalletAddress.tsx';
import styles from './Profile.module.css';

interface ProfileInfoCardProps {
  profile: ProfileView;
  own: boolean;
  signedIn: boolean;
}

export function ProfileInfoCard({ profile, own, signedIn }: ProfileInfoCardProps) {
  const { wallet_address: address } = profile;
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
          {address ? (
            <WalletAddress profile={{ ...profile, wallet_address: address }} own={own} signedIn={signedIn} />
          ) : (
            <span className="muted">Not connected</span>
          )}
        </dd>
      </dl>
    </section>
  );
}
