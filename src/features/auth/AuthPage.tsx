// /auth: Sign In or Create Account (?register=true opens the latter); a signed-in member goes back where they came from.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { needsUsername } from '../../state/session/needsUsername.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';
import { ChooseUsername, WalletSignIn } from './WalletSignIn.tsx';

type Mode = 'sign-in' | 'sign-up';

export function AuthPage() {
  const { register, redirect } = useSearch({ from: '/auth' });
  const [mode, setMode] = useState<Mode>(register ? 'sign-up' : 'sign-in');
  const signedIn = useSession((s) => s.user !== null && !s.recovery);
  const pickingName = useSession((s) => needsUsername(s.user));
  const navigate = useNavigate();
  useEffect(() => {
    // The return path may carry a query, so it goes as a built href rather than a route path.
    if (signedIn && !pickingName) void navigate({ href: redirect ?? '/', replace: true });
  }, [signedIn, pickingName, redirect, navigate]);
  if (signedIn && pickingName) {
    return (
      <AuthLayout title="Choose a username" subtitle="Signed in with your wallet. One more step.">
        <ChooseUsername />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={mode === 'sign-in' ? 'Welcome back' : 'Join the community'}
      subtitle={
        mode === 'sign-in'
          ? 'Sign in to post, reply and message other GUAPX holders.'
          : 'Create your GuapCoin Forum account.'
      }
    >
      <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)}>
        <TabList aria-label="Sign in or create an account">
          <Tab value="sign-in">Sign In</Tab>
          <Tab value="sign-up">Create Account</Tab>
        </TabList>
        <TabPanel value="sign-in">
          <SignInForm />
          <WalletSignIn />
        </TabPanel>
        <TabPanel value="sign-up">
          <SignUpForm />
          <WalletSignIn />
        </TabPanel>
      </Tabs>
    </AuthLayout>
  );
}
