// Sign In: email and password; a refusal shows under the form and as a toast (SPEC §8).
import { Link } from '@tanstack/react-router';
import { toast } from '../../state/toast.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useShellSyncStatus } from '../../state/sync/shellSyncStatus.tsx';
import { FAILURES } from '../../backend/failureTexts.ts';
import { signInSchema } from '../../lib/validation.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { reportError } from '../../state/errors/reportError.ts';
import { FormError, OfflineNote } from './AuthLayout.tsx';
import styles from './auth.module.css';
import { useForm } from './useForm.ts';

export function SignInForm() {
  const signIn = useSession((s) => s.signIn);
  const { online } = useShellSyncStatus();
  const form = useForm(signInSchema, { email: '', password: '' });

  const onSubmit = form.submit(async ({ email, password }) => {
    try {
      await signIn(email, password);
      // An earlier attempt's 'Failed to sign in…' is no longer true.
      toast.dismiss();
      toast.success('Welcome back!');
    } catch (error) {
      form.setServerError(reportError(error, FAILURES.signIn).message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      {!online && <OfflineNote action="Signing in" />}
      <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Field label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <FormError message={form.serverError} />
      <Button type="submit" variant="primary" full disabled={form.busy || !online}>
        {form.busy ? 'Signing in...' : 'Sign In'}
      </Button>
      <div className={styles.links}>
        <Link to="/reset-password" className={styles.link}>
          Forgot your password?
        </Link>
      </div>
    </form>
  );
}
