// /auth: Sign In or Create Account (?register=true opens the latter); a signed-in member goes back where they came from.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSession } from '../../state/session/SessionContext.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';

type Mode = 'sign-in' | 'sign-up';

export function AuthPage() {
  const { register, redirect } = useSearch({ from: '/auth' });
  const [mode, setMode] = useState<Mode>(register ? 'sign-up' : 'sign-in');
  const signedIn = useSession((s) => s.user !== null && !s.recovery);
  const navigate = useNavigate();
  useEffect(() => {
    // The return path may carry a query, so it goes as a built href rather than a route path.
    if (signedIn) void navigate({ href: redirect ?? '/', replace: true });
  }, [signedIn, redirect, navigate]);
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
        </TabPanel>
        <TabPanel value="sign-up">
          <SignUpForm />
        </TabPanel>
      </Tabs>
    </AuthLayout>
  );
}
