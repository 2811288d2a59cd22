// /admin/bulk-create: admins only, checked here (SPEC §2). The importer is a later issue.
import { useRoleCheck } from '../../state/session/useRoleCheck.ts';
import { ComingSoon } from '../../ui/ComingSoon.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

export function BulkCreatePage() {
  const check = useRoleCheck(['admin']);
  if (check.state === 'loading') return <Spinner />;
  if (check.state === 'denied')
    return (
      <Panel icon="shield" title="Admin Access Required">
        <p>This page is only accessible to administrators.</p>
      </Panel>
    );
  return (
    <ComingSoon title="Bulk Thread Creation" icon="upload">
      Create many threads at once from JSON or CSV.
    </ComingSoon>
  );
}
