// Create Account: username, email and password twice; then the member is asked to confirm by email.
import { toast } from '../../state/toast.ts';
import { useState } from 'react';
import { useSession } from '../../state/session/SessionContext.tsx';
import { UsernameRefused } from '../../state/session/signUp.ts';
import { useShellSyncStatus } from '../../state/sync/shellSyncStatus.tsx';
import { FAILURES } from '../../backend/failureTexts.ts';
import { signUpSchema } from '../../lib/validation.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Icon } from '../../ui/icons.tsx';
import { reportError } from '../../state/errors/reportError.ts';
import { FormError, OfflineNote } from './AuthLayout.tsx';
import styles from './auth.module.css';
import { useForm } from './useForm.ts';

function CheckEmail({ email }: { email: string }) {
  return (
    <div className={styles.done} role="status" data-testid="check-email">
      <Icon name="mail" size={40} />
      <h2>Check your email</h2>
      <p>
        We sent a confirmation link to <strong>{email}</strong>. Open it to verify your account, and you will be signed
        in.
      </p>
    </div>
  );
}

export function SignUpForm() {
  const signUp = useSession((s) => s.signUp);
  const { online } = useShellSyncStatus();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm(signUpSchema, { username: '', email: '', password: '', confirmPassword: '' });

  const onSubmit = form.submit(async ({ username, email, password }) => {
    try {
      const { needsConfirmation } = await signUp({
        username,
        email,
        password,
        emailRedirectTo: `${window.location.origin}/auth`,
      });
      toast.success('Account created! Please check your email to verify.');
      if (needsConfirmation) setSentTo(email);
    } catch (error) {
      if (error instanceof UsernameRefused) {
        form.setFieldError('username', error.message);
        document.querySelector<HTMLInputElement>('input[name="username"]')?.focus();
        return;
      }
      // The toast says the spec's text; the form says why, in the server's words when it gave some, except for a
      // rate limit, whose words ("Request rate limit reached") do not say what to do.
      const failure = reportError(error, FAILURES.signUp);
      const limited = failure.code === 'over_request_rate_limit';
      form.setServerError(limited ? failure.message : (failure.detail ?? failure.message));
    }
  });

  if (sentTo) return <CheckEmail email={sentTo} />;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create account">
      {!online && <OfflineNote action="Creating an account" />}
      <Field label="Username" autoComplete="username" {...form.field('username')} />
      <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Field label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
      <Field label="Confirm Password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <FormError message={form.serverError} />
      <Button type="submit" variant="primary" full disabled={form.busy || !online}>
        {form.busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
