// Sign-up, sign-in, the route guard, sign-out and the password reset, against the local stack.
import { expect, test } from './support/test.ts';
import { AuthPage } from './pages/AuthPage.ts';
import { ResetPasswordPage } from './pages/ResetPasswordPage.ts';
import { Shell } from './pages/Shell.ts';
import { freshAccount, MEMBER } from './support/accounts.ts';
import { mailLink } from './support/mailbox.ts';
import { DESKTOP, PHONE } from './support/screens.ts';

test('sign up, confirm through the local mailbox, then sign in with the new password', async ({ page, request }) => {
  const account = freshAccount('newbie');
  const auth = new AuthPage(page);
  await auth.open('?register=true');
  await expect(auth.signUpTab).toHaveAttribute('aria-selected', 'true');
  await auth.signUp(account);
  await expect(page.getByTestId('check-email')).toContainText(account.email);
  await expect(page.getByText('Account created! Please check your email to verify.')).toBeVisible();

  await page.goto(await mailLink(request, account.email, /confirm/i));
  const shell = new Shell(page);
  await shell.expectSignedIn();
  await expect(page).toHaveURL(/\/$/);

  await shell.signOut();
  await auth.open();
  await auth.signIn(account.email, account.password);
  await shell.expectSignedIn();
  // No display name yet: the spec's fallback is the email before the at-sign.
  await expect(shell.userMenuButton).toContainText(account.email.split('@')[0]!);
});

test("a wrong password shows the spec's message under the form and as a toast", async ({ page }) => {
  const auth = new AuthPage(page);
  await auth.open();
  await auth.signIn(MEMBER.email, 'not-the-password');
  const message = 'Failed to sign in. Please check your credentials.';
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText(message);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: message })).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test("the forms check their fields with the spec's messages before calling the server", async ({ page }) => {
  const auth = new AuthPage(page);
  await auth.open();
  await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await auth.signUp({ username: 'ab', email: 'x@example.test', password: 'secret1' }, 'secret2');
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to forum' })).toHaveAttribute('href', '/');
});

test('a taken username is refused under its field before any account is made, never renamed', async ({
  page,
  request,
}) => {
  const account = { ...freshAccount('taken'), username: 'guapadmin' };
  const auth = new AuthPage(page);
  await auth.open('?register=true');
  await auth.signUp(account);
  const form = page.getByRole('form', { name: 'Create account' });
  await expect(form.getByText('Username is already taken')).toBeVisible();
  await expect(page.getByTestId('check-email')).toHaveCount(0);
  const mails = await request.get(`/local/v1/mail?to=${encodeURIComponent(account.email)}`, {
    headers: { connection: 'close' },
  });
  expect(await mails.json()).toEqual([]);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `/tmp/guap-screens/h-auth/signup-taken-${viewport.width}x${viewport.height}.png` });
  }

  await auth.signUp({ ...account, username: 'guap admin' });
  await expect(form.getByText('Username cannot contain spaces')).toBeVisible();
});

test('the guard sends a visitor from /messages to /auth and back after sign-in', async ({ page }) => {
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fmessages/);
  await new AuthPage(page).signIn(MEMBER.email, MEMBER.password);
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible();
});

test('a member opening /moderation sees Access Denied with their role and id', async ({ page }) => {
  await new AuthPage(page).open('?redirect=%2Fmoderation');
  await new AuthPage(page).signIn(MEMBER.email, MEMBER.password);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You must be an administrator to access this page.')).toBeVisible();
  await expect(page.getByTestId('current-role')).toHaveText('user');
  for (const name of ['Clear session', 'Refresh', 'Sign out and sign in again']) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
});

test('sign out returns to / and shows Sign In', async ({ page }) => {
  await page.goto('/auth?redirect=%2Fsettings');
  await new AuthPage(page).signIn(MEMBER.email, MEMBER.password);
  await expect(page).toHaveURL(/\/settings$/);
  const shell = new Shell(page);
  await shell.signOut();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth/);
});

test('the reset-password round trip sets a new password that works', async ({ page, request }) => {
  const account = freshAccount('forgetful');
  const auth = new AuthPage(page);
  await auth.open('?register=true');
  await auth.signUp(account);
  await page.goto(await mailLink(request, account.email, /confirm/i));
  const shell = new Shell(page);
  await shell.signOut();

  await auth.open();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  const reset = new ResetPasswordPage(page);
  await reset.requestReset(account.email);
  await expect(page.getByText('Password reset email sent! Check your inbox.')).toBeVisible();

  await page.goto(await mailLink(request, account.email, /reset/i));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await reset.chooseNewPassword('second-pass-456');
  await expect(page).toHaveURL(/\/$/);
  await shell.signOut();

  await auth.open();
  await auth.signIn(account.email, account.password);
  await expect(page.getByText('Failed to sign in. Please check your credentials.').first()).toBeVisible();
  await auth.signIn(account.email, 'second-pass-456');
  await shell.expectSignedIn();
});
