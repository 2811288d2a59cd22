// A wallet address shortened to its first 6 and last 4 characters, with a copy button (SPEC §2, §9), the Verified
// badge once its owner proved it by signature, and the wallet buttons for a signed-in viewer (Verify, Send).
import { lazy, Suspense } from 'react';
import { toast } from '../../state/toast.ts';
import { shortAddress } from '../../lib/shortAddress.ts';
import type { ProfileView } from '../../state/queries/profile.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Profile.module.css';
import { loadAgainWhenOnline } from '../../lib/loadAgainWhenOnline.ts';

const ProfileWalletActions = lazy(
  loadAgainWhenOnline(() =>
    import('./wallet/ProfileWalletActions.tsx').then((m) => ({ default: m.ProfileWalletActions })),
  ),
);

interface WalletAddressProps {
  profile: ProfileView & { wallet_address: string };
  own: boolean;
  signedIn: boolean;
}

export function WalletAddress({ profile, own, signedIn }: WalletAddressProps) {
  const address = profile.wallet_address;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast.success('Address copied! Use your wallet to send GUAPX');
    } catch (error) {
      reportError(error, { failed: 'Could not copy the address' });
    }
  };
  return (
    <span className={styles.wallet}>
      <code title={address}>{shortAddress(address)}</code>
      {profile.wallet_verified && <span className="badge badge-verified">Verified</span>}
      <Button variant="ghost" onClick={() => void copy()} aria-label="Copy wallet address">
        Copy
      </Button>
      {signedIn && (
        <Suspense fallback={null}>
          <ProfileWalletActions profile={profile} own={own} />
        </Suspense>
      )}
    </span>
  );
}
