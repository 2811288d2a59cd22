// The reset request: one email field; a failure shows the server's message (SPEC §8).
import { useState } from 'react';
import { useShellSyncStatus } from '../../state/sync/shellSyncStatus.tsx';
import { useSendResetEmail } from '../../state/server/account.ts';
import { resetEmailSchema } from '../../lib/validation.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormError, OfflineNote } from './AuthLayout.tsx';
import styles from './auth.module.css';
import { useForm } from './useForm.ts';

export function ResetEmailForm() {
  const sendResetEmail = useSendResetEmail();
  const { online } = useShellSyncStatus();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm(resetEmailSchema, { email: '' });

  const onSubmit = form.submit(async ({ email }) => {
    const outcome = await sendResetEmail.run(email, `${window.location.origin}/reset-password`);
    if (outcome.ok) setSentTo(email);
    else form.setServerError(outcome.error.message);
  });

  if (sentTo)
    return (
      <div className={styles.done} role="status" data-testid="reset-sent">
        <h2>Check your inbox</h2>
        <p>
          If <strong>{sentTo}</strong> has an account, a link to choose a new password is on its way.
        </p>
      </div>
    );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset password">
      {!online && <OfflineNote action="Resetting a password" />}
      <Field label="Email" type="email" autoComplete="email" required {...form.field('email')} />
      <FormError message={form.serverError} />
      <Button type="submit" variant="primary" full disabled={form.busy || !online}>
        {form.busy ? 'Sending...' : 'Send Reset Email'}
      </Button>
    </form>
  );
}
