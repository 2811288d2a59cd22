// The wallet buttons beside a profile's address, loaded apart from the profile (they bring the wallet connector and
// ethers): Verify for its owner while the address is unproven, Send for another signed-in member with a connected
// wallet once it is proven. Tips this device sent but could not record yet are recorded here too.
import { useEffect, useState } from 'react';
import type { ProfileView } from '../../../state/queries/profile.ts';
import { useBackend } from '../../../state/BackendContext.tsx';
import { logError } from '../../../state/errors/reportError.ts';
import { useMirrorActions } from '../../../state/mutations/mirror.ts';
import { useSyncStatusOf } from '../../../state/sync/SyncContext.tsx';
import { Button } from '../../../ui/Button.tsx';
import { useWallet } from '../../wallet/index.ts';
import { SendTipDialog } from './SendTipDialog.tsx';
import { recordKeptTips } from './tipRecords.ts';
import { VerifyWalletButton } from './VerifyWalletButton.tsx';

interface ProfileWalletActionsProps {
  profile: ProfileView & { wallet_address: string };
  own: boolean;
}

export function ProfileWalletActions({ profile, own }: ProfileWalletActionsProps) {
  const wallet = useWallet();
  const client = useBackend();
  const online = useSyncStatusOf((s) => s.online);
  const [sending, setSending] = useState(false);
  const { pull } = useMirrorActions();
  useEffect(() => {
    if (!online) return;
    // A tip that now counts changes its recipient's Tips Received: the mirror brings the new count.
    recordKeptTips(client)
      .then(async (confirmed) => {
        if (confirmed > 0) await pull();
      })
      .catch((error: unknown) => logError(error, 'The kept tips could not be settled'));
  }, [client, online, pull]);

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
