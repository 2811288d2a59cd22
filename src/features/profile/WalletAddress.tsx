// A wallet address shortened to its first 6 and last 4 characters, with a copy button (SPEC §2, §9). The spec's
// Send button needs the viewer's connected wallet, which the wallet issue brings: until then there is none to show.
import { toast } from 'sonner';
import { reportError } from '../../state/errors/reportError.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Profile.module.css';

function shortAddress(address: string): string {
  return address.length > 10 ? `${address.slice(0, 6)}...${address.slice(-4)}` : address;
}

export function WalletAddress({ address }: { address: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast.success('Address copied! Use your wallet to send GUAPX');
    } catch (error) {
      reportError(error, { failed: 'Could not copy the address' });
    }
  };
  return (
    <span className={styles.wallet}>
      <code title={address}>{shortAddress(address)}</code>
      <Button variant="ghost" onClick={() => void copy()} aria-label="Copy wallet address">
        Copy
      </Button>
    </span>
  );
}
