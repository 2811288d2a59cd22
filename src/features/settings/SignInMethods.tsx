// The ways into the account (its auth identities): an email with a password, and wallets that signed in with
// Sign-In with Ethereum, each with the address or email it names.
import { useSession } from '../../state/session/SessionContext.tsx';
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
            </li>
          );
        })}
      </ul>
    </section>
  );
}
