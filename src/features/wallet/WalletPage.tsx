// /wallet (signed-in): the GUAPX wallet view. Filled in by the wallet issue.
import { ComingSoon } from '../../ui/ComingSoon.tsx';

export function WalletPage() {
  return (
    <ComingSoon title="Wallet" icon="wallet">
      Connect your wallet to see your GUAPX balance and transaction history.
    </ComingSoon>
  );
}
