// /groups: a placeholder page in the product itself (SPEC §1).
import { Panel } from '../../ui/Panel.tsx';

export function GroupsPage() {
  return (
    <Panel icon="groups" title="Groups">
      <p>Browse and manage your groups here.</p>
    </Panel>
  );
}
