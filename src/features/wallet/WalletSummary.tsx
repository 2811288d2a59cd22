// The connected wallet (SPEC §2): its address with copy and the explorer link, the chain id, the GUAPX balance with
// its age when it was kept from an earlier visit, and Refresh and Disconnect.
import { toast } from '../../state/toast.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { Button, ButtonAnchor } from '../../ui/Button.tsx';
import { exactGuapx, formatGuapx } from './lib/amount.ts';
import { chainIdFromHex, type ChainConfig } from './lib/chain.ts';
import { explorerPage } from './lib/walletChain.ts';
import styles from './Wallet.module.css';

interface Props {
  address: string;
  /** Hex, as the wallet reports it. */
  chainId: string | null;
  chain: ChainConfig;
  /** Wei; undefined until the explorer first answers for this address. */
  balance: string | undefined;
  /** 'as of 5m ago' for a balance kept from an earlier visit. */
  balanceAge: string | null;
  refreshing: boolean;
  onRefresh(): void;
  onDisconnect(): void;
  onSwitchChain(): void;
}

async function copyAddress(address: string) {
  try {
    await navigator.clipboard.writeText(address);
    toast.success('Wallet address copied!');
  } catch (error) {
    reportError(error, { failed: 'Could not copy the address' });
  }
}

export function WalletSummary(props: Props) {
  const { address, chain, balance, balanceAge } = props;
  const chainId = props.chainId === null ? null : chainIdFromHex(props.chainId);
  const shown = balance === undefined ? null : formatGuapx(balance);
  const exact = balance === undefined ? null : exactGuapx(balance);
  return (
    <section className={styles.card} aria-labelledby="wallet-address-heading">
      <div className={styles.row}>
        <h2 id="wallet-address-heading" className={styles.label}>
          Address
        </h2>
        <span className={styles.chain}>Chain ID {chainId ?? 'unknown'}</span>
      </div>
      <p className={styles.address} data-testid="wallet-address">
        {address}
      </p>
      <div className={styles.actions}>
        <Button onClick={() => void copyAddress(address)} aria-label="Copy wallet address">
          Copy
        </Button>
        <ButtonAnchor
          variant="ghost"
          href={explorerPage(chain.explorerUrl, 'address', address)}
          target="_blank"
          rel="noopener noreferrer"
        >
          View on explorer
        </ButtonAnchor>
      </div>
      {chainId !== null && chainId !== chain.chainId && (
        <div className={styles.wrongNetwork} role="alert">
          <p>
            Wrong network: your wallet is not on {chain.chainName} (chain ID {chain.chainId}).
          </p>
          <Button variant="primary" onClick={props.onSwitchChain}>
            Switch to {chain.chainName}
          </Button>
        </div>
      )}
      <h2 className={styles.label}>Balance</h2>
      <p
        className={styles.balance}
        data-testid="wallet-balance"
        title={exact === null ? undefined : `${exact} ${chain.displaySymbol}`}
      >
        {shown === null ? '—' : `${shown} ${chain.displaySymbol}`}
      </p>
      {balanceAge && <p className={styles.age}>{balanceAge}</p>}
      <div className={styles.actions}>
        <Button onClick={props.onRefresh} disabled={props.refreshing}>
          {props.refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
        <Button variant="danger" onClick={props.onDisconnect}>
          Disconnect
        </Button>
      </div>
    </section>
  );
}
