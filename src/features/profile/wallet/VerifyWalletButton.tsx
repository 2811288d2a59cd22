// Verify, for the owner of an address not yet proven: the connected wallet signs a Sign-In with Ethereum message for
// this site and the forum's chain (a single-use nonce, an expiry), and the verify-wallet function checks it as the
// sign-in is checked before granting the badge.
import { useState } from 'react';
import { toast } from '../../../state/toast.ts';
import { AppError } from '../../../backend/errors.ts';
import { WALLET_FAILURES } from '../../../backend/failureTexts.ts';
import { reportError } from '../../../state/errors/reportError.ts';
import { useMirrorActions } from '../../../state/mutations/mirror.ts';
import { useWalletProof } from '../../../state/server/wallet.ts';
import { Button } from '../../../ui/Button.tsx';
import { inWallet, useWallet, WalletDeclined } from '../../wallet/index.ts';

/**
 * The wallet would sign with another account than the profile's: both in full, so that the member sees which to
 * select (the toast shows an AppError's detail as it is).
 */
function otherAccount(selected: string | undefined, address: string): AppError {
  const message = selected
    ? `Your wallet signs with ${selected}, but your profile holds ${address}. Select ${address} in your wallet, then Verify again.`
    : `Your wallet shares no account. Select ${address} in your wallet, then Verify again.`;
  return new AppError('invalid', message, { detail: message });
}

export function VerifyWalletButton({ address }: { address: string }) {
  const wallet = useWallet();
  const { verifyMessageFor, verifyWallet } = useWalletProof();
  const { pull } = useMirrorActions();
  const [busy, setBusy] = useState(false);

  const verify = async () => {
    setBusy(true);
    try {
      const accounts = wallet.state.connected ? wallet.state.accounts : await inWallet(wallet.connect);
      const account = accounts.find((a) => a.toLowerCase() === address.toLowerCase());
      if (!account) throw otherAccount(accounts[0], address);
      const page = new URL(window.location.href);
      const message = await verifyMessageFor({ address: account, chainId: wallet.chain.chainId, page });
      const signature = await inWallet(() => wallet.signMessage(message));
      await verifyWallet({ message, signature });
      // The badge comes with the profile's next change in the mirror.
      await pull();
      toast.success('Wallet address verified');
    } catch (error) {
      if (!(error instanceof WalletDeclined)) reportError(error, WALLET_FAILURES.verify);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="ghost" onClick={() => void verify()} disabled={busy}>
      {busy ? 'Verifying...' : 'Verify'}
    </Button>
  );
}
