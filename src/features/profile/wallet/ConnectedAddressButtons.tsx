// Under the form's Wallet Address (SPEC §2): a button to connect the wallet, then 'Use Connected Address' to fill
// the field with the connected account. Outside a wallet browser, a hint to use one, with the download link.
import { reportError } from '../../../state/errors/reportError.ts';
import { Button } from '../../../ui/Button.tsx';
import { inWallet, useWallet, WalletBrowserHint, WalletDeclined } from '../../wallet/index.ts';
import styles from '../Profile.module.css';

export function ConnectedAddressButtons({ onUse }: { onUse(address: string): void }) {
  const wallet = useWallet();
  const account = wallet.state.connected ? wallet.state.accounts[0] : undefined;
  if (!wallet.state.hasProvider) return <WalletBrowserHint chain={wallet.chain} />;
  return (
    <div className={styles.walletButtons}>
      {account ? (
        <Button onClick={() => onUse(account)}>Use Connected Address</Button>
      ) : (
        <Button
          onClick={() =>
            void inWallet(wallet.connect).catch(
              (error: unknown) => error instanceof WalletDeclined || reportError(error),
            )
          }
          disabled={wallet.state.connecting}
        >
          {wallet.state.connecting ? 'Connecting...' : 'Connect Wallet'}
        </Button>
      )}
    </div>
  );
}
