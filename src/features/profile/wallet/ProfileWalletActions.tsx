// The wallet buttons beside a profile's address, loaded apart from the profile (they bring the wallet connector and
// ethers): Verify for its owner while the address is unproven, Send for another signed-in member with a connected
// wallet once it is proven.
import { useState } from 'react';
import type { ProfileView } from '../../../state/queries/profile.ts';
import { Button } from '../../../ui/Button.tsx';
import { useWallet } from '../../wallet/index.ts';
import { SendTipDialog } from './SendTipDialog.tsx';
import { VerifyWalletButton } from './VerifyWalletButton.tsx';

interface ProfileWalletActionsProps {
  profile: ProfileView & { wallet_address: string };
  own: boolean;
}

export function ProfileWalletActions({ profile, own }: ProfileWalletActionsProps) {
  const wallet = useWallet();
  const [sending, setSending] = useState(false);

  if (own) return profile.wallet_verified ? null : <VerifyWalletButton address={profile.wallet_address} />;
  if (!profile.wallet_verified || !wallet.state.connected) return null;
  return (
    <>
      <Button variant="primary" onClick={() => setSending(true)}>
        Send
      </Button>
      <SendTipDialog
        open={sending}
        onOpenChange={setSending}
        recipient={{ id: profile.id, username: profile.username, address: profile.wallet_address }}
      />
    </>
  );
}
