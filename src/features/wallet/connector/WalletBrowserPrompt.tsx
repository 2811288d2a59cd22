// Outside the GuapCoin wallet browser there is no wallet to connect (SPEC §1): the prompt to open the forum in it,
// with the download link when the forum's settings give one. /wallet shows it as its page; a form (the profile's
// Wallet Address) shows it as one line under the field.
import { ButtonAnchor } from '../../../ui/Button.tsx';
import { Panel } from '../../../ui/Panel.tsx';
import type { ChainConfig } from '../lib/chain.ts';
import styles from '../Wallet.module.css';

const DOWNLOAD = 'Download the GuapCoin wallet browser';

export function WalletBrowserPrompt({ chain }: { chain: ChainConfig }) {
  return (
    <Panel
      icon="wallet"
      title="Use the GuapCoin wallet browser"
      actions={
        chain.downloadUrl && (
          <ButtonAnchor variant="primary" href={chain.downloadUrl} target="_blank" rel="noopener noreferrer">
            {DOWNLOAD}
          </ButtonAnchor>
        )
      }
    >
      <p>
        Your wallet connects inside the GuapCoin wallet browser. Open this forum there to see your {chain.displaySymbol}{' '}
        balance and transaction history.
      </p>
    </Panel>
  );
}

/** The prompt as a hint under a form field: how to fill it from a wallet, and the download link. */
export function WalletBrowserHint({ chain }: { chain: ChainConfig }) {
  return (
    <p className={styles.browserHint}>
      Your wallet connects inside the GuapCoin wallet browser: open this forum there to fill in its address.
      {chain.downloadUrl && (
        <>
          {' '}
          <a href={chain.downloadUrl} target="_blank" rel="noopener noreferrer">
            {DOWNLOAD}
          </a>
        </>
      )}
    </p>
  );
}
