// The panel for screens a later release fills in, so every route in the spec already leads somewhere clear.
import { ButtonLink } from './Button.tsx';
import type { IconName } from './icons.tsx';
import { Panel } from './Panel.tsx';

export function ComingSoon({ title, icon, children }: { title: string; icon: IconName; children: string }) {
  return (
    <Panel
      icon={icon}
      title={title}
      actions={
        <ButtonLink to="/" variant="primary">
          Back to the forum
        </ButtonLink>
      }
    >
      <p>{children}</p>
      <p>
        <strong>Coming soon.</strong>
      </p>
    </Panel>
  );
}
