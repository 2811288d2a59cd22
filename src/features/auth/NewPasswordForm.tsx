// The second half of a reset: the recovery session sets the new password with updateUser.
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useBackend } from '../../state/BackendContext.tsx';
import { FAILURES } from '../../backend/failureTexts.ts';
import { setNewPassword } from '../../backend/auth.ts';
import { newPasswordSchema } from '../../lib/validation.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { reportError } from '../../state/errors/reportError.ts';
import { FormError } from './AuthLayout.tsx';
import { useForm } from './useForm.ts';

export function NewPasswordForm() {
  const client = useBackend();
  const endRecovery = useSession((s) => s.endRecovery);
  const navigate = useNavigate();
  const form = useForm(newPasswordSchema, { password: '', confirmPassword: '' });

  const onSubmit = form.submit(async ({ password }) => {
    try {
      await setNewPassword(client, password);
      endRecovery();
      toast.success('Password updated! You are signed in.');
      await navigate({ to: '/' });
    } catch (error) {
      form.setServerError(reportError(error, FAILURES.newPassword).message);
    }
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
