// /wallet (signed-in): the GUAPX wallet view. Outside the wallet browser the prompt to use it; before a connection
// 'Connect Your Wallet'; connected, the wallet and its history, kept on this device for offline visits.
import { reportError } from '../../state/errors/reportError.ts';
import { useMinuteClock } from '../../ui/useMinuteClock.ts';
import { ConnectWallet } from './ConnectWallet.tsx';
import { isUserRejection } from './connector/connector.ts';
import { useWallet } from './connector/useWallet.ts';
import { WalletBrowserPrompt } from './connector/WalletBrowserPrompt.tsx';
import { keptAge } from './keptAge.ts';
import { TransactionHistory } from './TransactionHistory.tsx';
import { useWalletData } from './useWalletData.ts';
import { WalletSummary } from './WalletSummary.tsx';
import styles from './Wallet.module.css';

function ConnectedWallet({ address, wallet }: { address: string; wallet: ReturnType<typeof useWallet> }) {
  const { state, chain } = wallet;
  const data = useWalletData(address, chain.explorerUrl);
  const now = useMinuteClock();
  const { snapshot } = data;
  // The member may decline the switch in the wallet: the Wrong network notice stays, with nothing more to say.
  const switchChain = () =>
    void wallet
      .switchChain()
      .catch((error: unknown) => isUserRejection(error) || reportError(error, { failed: 'Failed to switch network' }));
  return (
    <>
      <WalletSummary
        address={address}
        chainId={state.chainId}
        chain={chain}
        balance={snapshot?.balance}
        balanceAge={keptAge(snapshot?.balanceAt, data.visitStart, now)}
        refreshing={data.history === 'loading'}
        onRefresh={data.refresh}
        onDisconnect={wallet.disconnect}
        onSwitchChain={switchChain}
      />
      <TransactionHistory
        transactions={snapshot?.transactions}
        loading={data.history === 'loading'}
        failed={data.history === 'failed'}
        age={keptAge(snapshot?.transactionsAt, data.visitStart, now)}
        explorerUrl={chain.explorerUrl}
        symbol={chain.displaySymbol}
      />
    </>
  );
}

export function WalletPage() {
  const wallet = useWallet();
  const { state, chain } = wallet;
  const address = state.accounts[0];
  if (!state.hasProvider) return <WalletBrowserPrompt chain={chain} />;
  if (!state.connected || !address) {
    return <ConnectWallet connecting={state.connecting} error={state.error} connect={wallet.connect} />;
  }
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Wallet</h1>
        <p>
          Your {chain.displaySymbol} balance and transaction history on {chain.chainName}.
        </p>
      </header>
      {/* A new account starts a new read: nothing of the last one's shows under its address. */}
      <ConnectedWallet key={address.toLowerCase()} address={address} wallet={wallet} />
    </div>
  );
}
