// The account's online-only steps that are no write of the mirror: the password reset, asked by email and finished
// by the recovery session with the new password.
import { sendPasswordResetEmail, setNewPassword } from '../../backend/auth.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import { useServerAction } from './useServerAction.ts';

export const useSendResetEmail = () =>
  useServerAction(sendPasswordResetEmail, {
    failure: FAILURES.resetPassword,
    success: 'Password reset email sent! Check your inbox.',
  });

export const useSetNewPassword = () =>
  useServerAction(setNewPassword, { failure: FAILURES.newPassword, success: 'Password updated! You are signed in.' });
