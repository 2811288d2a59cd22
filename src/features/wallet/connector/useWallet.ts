// The one hook screens use for the wallet (the /wallet page, and the profile's Verify and Send): the connector's
// state and actions, with the forum's chain. The connector is made and starts listening on first use.
import { useStore } from 'zustand';
import { walletChain } from '../lib/walletChain.ts';
import { createWalletConnector, walletMessage, type Eip1193Provider, type WalletConnector } from './connector.ts';

declare global {
  interface Window {
    /** Injected by the GuapCoin wallet browser (EIP-1193); absent in any other browser. */
    ethereum?: Eip1193Provider;
  }
}

let shared: WalletConnector | null = null;

/** The page's one connector: every screen sees the same connection and the wallet's events are heard once. */
function walletConnector(): WalletConnector {
  if (!shared) {
    const chain = walletChain();
    const connector = createWalletConnector({ ethereum: window.ethereum, chain, storage: localStorage });
    shared = connector;
    void connector.init().catch((error: unknown) => connector.store.setState({ error: walletMessage(error) }));
  }
  return shared;
}

export function useWallet() {
  const connector = walletConnector();
  const state = useStore(connector.store);
  return {
    state,
    chain: connector.chain,
    connect: connector.connect,
    disconnect: connector.disconnect,
    signMessage: connector.signMessage,
    sendTransaction: connector.sendTransaction,
    switchChain: connector.switchChain,
    estimateFee: connector.estimateFee,
  };
}
