// "Sign in with wallet" beside the email forms, shown only where a wallet (an EIP-1193 provider) is present, and the
// username a new wallet account picks on its first sign-in, as a new email account does on its form.
import { toast } from '../../state/toast.ts';
import { useState } from 'react';
import { FAILURES } from '../../backend/failureTexts.ts';
import { usernameSchema } from '../../lib/validation.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { UsernameRefused } from '../../state/session/signUp.ts';
import { useShellSyncStatus } from '../../state/sync/shellSyncStatus.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormError } from './AuthLayout.tsx';
import styles from './auth.module.css';
import { useForm } from './useForm.ts';

const hasWallet = () => typeof window !== 'undefined' && window.ethereum !== undefined;

export function WalletSignIn() {
  const signInWithWallet = useSession((s) => s.signInWithWallet);
  const { online } = useShellSyncStatus();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!hasWallet()) return null;

  const onClick = async () => {
    setBusy(true);
    setError(null);
    try {
      await signInWithWallet();
      toast.dismiss();
      toast.success('Signed in with your wallet');
    } catch (e) {
      setError(reportError(e, FAILURES.walletSignIn).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.wallet}>
      <p className={styles.or}>or</p>
      <FormError message={error} />
      <Button type="button" full disabled={busy || !online} onClick={() => void onClick()}>
        {busy ? 'Waiting for the wallet...' : 'Sign in with wallet'}
      </Button>
    </div>
  );
}

export function ChooseUsername() {
  const chooseUsername = useSession((s) => s.chooseUsername);
  const form = useForm(usernameSchema, { username: '' });
  const onSubmit = form.submit(async ({ username }) => {
    try {
      await chooseUsername(username);
      toast.success(`Welcome, ${username}!`);
    } catch (e) {
      if (e instanceof UsernameRefused) {
        form.setFieldError('username', e.message);
        return;
      }
      const failure = reportError(e, FAILURES.chooseUsername);
      form.setServerError(failure.detail ?? failure.message);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a username">
      <p className={styles.intro}>Your wallet is your account. Pick the name other members will see.</p>
      <Field label="Username" autoComplete="username" {...form.field('username')} />
      <FormError message={form.serverError} />
      <Button type="submit" variant="primary" full disabled={form.busy}>
        {form.busy ? 'Saving...' : 'Continue'}
      </Button>
    </form>
  );
}
