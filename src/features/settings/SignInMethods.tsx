// The ways into the account (its auth identities): an email with a password, and wallets that signed in with
// Sign-In with Ethereum, each with the address or email it names. Where the page has a wallet, "Link wallet" makes
// it another way in, by signing the sign-in's message; each wallet has "Unlink", which the server refuses while it
// is the only way in.
import { useState } from 'react';
import { toast } from '../../state/toast.ts';
import { WALLET_FAILURES } from '../../backend/failureTexts.ts';
import type { FailureTexts } from '../../backend/errors.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { useWalletLink } from '../../state/server/wallet.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { chainIdFromHex, inWallet, useWallet, WalletDeclined } from '../wallet/index.ts';
import styles from './Settings.module.css';

interface Identity {
  identity_id: string;
  id: string;
  provider: string;
  identity_data?: Record<string, unknown>;
}

/** One empty list, so the selector answers the same value while there is no user. */
const NONE: Identity[] = [];

function describe(identity: Identity): { kind: string; value: string } {
  const data = identity.identity_data ?? {};
  if (identity.provider === 'web3') {
    const address = typeof data.address === 'string' ? data.address : identity.id.split(':').pop();
    return { kind: 'Wallet', value: address ?? '' };
  }
  if (identity.provider === 'email') {
    return { kind: 'Email and password', value: typeof data.email === 'string' ? data.email : '' };
  }
  return { kind: identity.provider, value: '' };
}

export function SignInMethods() {
  const identities: Identity[] = useSession((s) => s.user?.identities ?? NONE);
  const wallet = useWallet();
  const calls = useWalletLink();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (key: string, step: () => Promise<void>, failed: FailureTexts) => {
    setBusy(key);
    setError(null);
    try {
      await step();
    } catch (e) {
      if (!(e instanceof WalletDeclined)) setError(reportError(e, failed).message);
    } finally {
      setBusy(null);
    }
  };

  const link = () =>
    run(
      'link',
      async () => {
        const accounts = wallet.state.connected ? wallet.state.accounts : await inWallet(wallet.connect);
        const address = accounts[0];
        if (!address) throw new Error('The wallet shares no account');
        const chainId = chainIdFromHex(wallet.state.chainId ?? '') ?? wallet.chain.chainId;
        const message = await calls.linkMessageFor({ address, chainId, page: new URL(window.location.href) });
        const signature = await inWallet(() => wallet.signMessage(message));
        await calls.linkWallet({ message, signature });
        toast.success('Wallet linked: it now signs you into this account');
      },
      WALLET_FAILURES.link,
    );

  const unlink = (address: string) =>
    run(
      address,
      async () => {
        await calls.unlinkWallet(address);
        toast.success('Wallet unlinked');
      },
      WALLET_FAILURES.unlink,
    );

  return (
    <section className={`${styles.card} ${styles.methodsCard}`} aria-labelledby="sign-in-methods-heading">
      <h2 id="sign-in-methods-heading">Sign-in methods</h2>
      <p className={styles.intro}>Each of these signs you into this account.</p>
      <ul className={styles.methods}>
        {identities.map((identity) => {
          const { kind, value } = describe(identity);
          return (
            <li key={identity.identity_id}>
              <strong>{kind}</strong>
              <code>{value}</code>
              {identity.provider === 'web3' && (
                <Button
                  variant="ghost"
                  className={styles.methodAction}
                  aria-label={`Unlink wallet ${value}`}
                  disabled={busy !== null}
                  onClick={() => void unlink(value)}
                >
                  {busy === value ? 'Unlinking...' : 'Unlink'}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className={styles.methodsError}>
          {error}
        </p>
      )}
      {wallet.state.hasProvider && (
        <Button className={styles.linkWallet} disabled={busy !== null} onClick={() => void link()}>
          {busy === 'link' ? 'Waiting for the wallet...' : 'Link wallet'}
        </Button>
      )}
    </section>
  );
}
