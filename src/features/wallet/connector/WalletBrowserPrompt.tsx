// Outside the GuapCoin wallet browser there is no wallet to connect (SPEC §1): the prompt to open the forum in it,
// with the download link when the forum's settings give one.
import { ButtonAnchor } from '../../../ui/Button.tsx';
import { Panel } from '../../../ui/Panel.tsx';
import type { ChainConfig } from '../lib/chain.ts';

export function WalletBrowserPrompt({ chain }: { chain: ChainConfig }) {
  return (
    <Panel
      icon="wallet"
      title="Use the GuapCoin wallet browser"
      actions={
        chain.downloadUrl && (
          <ButtonAnchor variant="primary" href={chain.downloadUrl} target="_blank" rel="noopener noreferrer">
            Download the GuapCoin wallet browser
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
