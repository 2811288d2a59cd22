// /admin/bulk-create: admins only, checked here rather than by the route guard (SPEC §2, §6).
import { useRoleCheck } from '../../state/session/useRoleCheck.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { BulkCreator } from './BulkCreator.tsx';

export function BulkCreatePage() {
  const check = useRoleCheck(['admin']);
  if (check.state === 'loading') return <Spinner />;
  if (check.state === 'denied')
    return (
      <Panel
        icon="shield"
        title="Admin Access Required"
        actions={
          <ButtonLink to="/" variant="primary">
            Back to the forum
          </ButtonLink>
        }
      >
        <p>This page is only accessible to administrators.</p>
      </Panel>
    );
  return <BulkCreator />;
}
