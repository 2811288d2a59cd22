// What an address names when no thread has it: the app's answer, and the server's page with its 404.
import { ButtonLink } from '../../ui/Button.tsx';
import { Panel } from '../../ui/Panel.tsx';

export function ThreadNotFound() {
  return (
    <Panel
      icon="alert"
      title="Thread Not Found"
      actions={
        <ButtonLink to="/" variant="primary">
          Go to Home
        </ButtonLink>
      }
    >
      <p>This thread does not exist or has been deleted.</p>
    </Panel>
  );
}
