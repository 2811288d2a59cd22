// /wallet before a wallet is connected (SPEC §2): 'Connect Your Wallet', and the wallet's error under the button.
import { logError } from '../../state/errors/reportError.ts';
import { Button } from '../../ui/Button.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { isUserRejection } from './connector/connector.ts';
import styles from './Wallet.module.css';

interface Props {
  connecting: boolean;
  error: string | null;
  connect(): Promise<unknown>;
}

export function ConnectWallet({ connecting, error, connect }: Props) {
  // The wallet's words show under the button (the connector keeps them); a failure other than the member's own
  // refusal is logged for a developer too.
  const onConnect = () =>
    void connect().catch((failure: unknown) => isUserRejection(failure) || logError(failure, 'Wallet connection'));
  return (
    <Panel icon="wallet" title="Connect Your Wallet">
      <p>Connect your GuapCoin wallet to see your balance and transaction history.</p>
      <div className={styles.connect}>
        <Button variant="primary" onClick={onConnect} disabled={connecting}>
          {connecting ? 'Connecting...' : 'Connect Wallet'}
        </Button>
        {error && (
          <p className={styles.connectError} role="alert">
            {error}
          </p>
        )}
      </div>
    </Panel>
  );
}
