// /create-thread (SPEC §2 "Create thread"): signed-in only; shared text from other apps arrives as query
// parameters (the manifest's share_target) and fills the form.
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSession } from '../../state/session/SessionContext.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { CreateThreadForm } from './CreateThreadForm.tsx';
import { sharePrefill } from './sharePrefill.ts';

export function CreateThreadPage() {
  const userId = useSession((s) => s.user?.id ?? null);
  const searchStr = useLocation({ select: (l) => l.searchStr });
  // Read once: the form keeps what was shared as its draft, so the address can drop the parameters.
  const [prefill] = useState(() => sharePrefill(searchStr));
  const navigate = useNavigate();

  useEffect(() => {
    if (prefill) void navigate({ to: '/create-thread', replace: true });
  }, [prefill, navigate]);

  if (!userId) {
    return (
      <Panel
        icon="user"
        title="Sign in to start a discussion"
        actions={
          <ButtonLink to="/auth" variant="primary">
            Sign In
          </ButtonLink>
        }
      >
        <p>You need an account to create threads.</p>
      </Panel>
    );
  }
  return <CreateThreadForm key={userId} userId={userId} prefill={prefill} />;
}
