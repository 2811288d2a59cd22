// The second half of a reset: the recovery session sets the new password with updateUser.
import { useNavigate } from '@tanstack/react-router';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useSetNewPassword } from '../../state/server/account.ts';
import { newPasswordSchema } from '../../lib/validation.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormError } from './AuthLayout.tsx';
import { useForm } from './useForm.ts';

export function NewPasswordForm() {
  const setNewPassword = useSetNewPassword();
  const endRecovery = useSession((s) => s.endRecovery);
  const navigate = useNavigate();
  const form = useForm(newPasswordSchema, { password: '', confirmPassword: '' });

  const onSubmit = form.submit(async ({ password }) => {
    const outcome = await setNewPassword.run(password);
    if (!outcome.ok) {
      form.setServerError(outcome.error.message);
      return;
    }
    endRecovery();
    await navigate({ to: '/' });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      <Field label="New Password" type="password" autoComplete="new-password" {...form.field('password')} />
      <Field
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      <FormError message={form.serverError} />
      <Button type="submit" variant="primary" full disabled={form.busy}>
        {form.busy ? 'Saving...' : 'Set New Password'}
      </Button>
    </form>
  );
}
