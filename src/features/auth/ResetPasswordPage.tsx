// /reset-password: asks for the reset mail; the mail's link comes back here to choose a new password.
import { Link } from '@tanstack/react-router';
import { useSession } from '../../state/session/SessionContext.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { ResetEmailForm } from './ResetEmailForm.tsx';
import styles from './auth.module.css';

export function ResetPasswordPage() {
  // A reset link signs the member in with a recovery session (PASSWORD_RECOVERY).
  const recovering = useSession((s) => s.recovery && s.user !== null);
  if (recovering)
    return (
      <AuthLayout title="Choose a new password" subtitle="Pick a password you have not used here before.">
        <NewPasswordForm />
      </AuthLayout>
    );
  return (
    <AuthLayout title="Reset your password" subtitle="We will email you a link to choose a new password.">
      <ResetEmailForm />
      <div className={styles.links}>
        <Link to="/auth" className={styles.link}>
          Back to Sign In
        </Link>
      </div>
    </AuthLayout>
  );
}
