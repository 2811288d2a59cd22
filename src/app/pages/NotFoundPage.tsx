// The page for an address the app does not have.
import { ButtonLink } from '../../ui/Button.tsx';
import { Panel } from '../../ui/Panel.tsx';

export function NotFoundPage() {
  return (
    <main className="standalone-page">
      <Panel
        icon="alert"
        title="Page not found"
        actions={
          <ButtonLink to="/" variant="primary">
            Go to Home
          </ButtonLink>
        }
      >
        <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      </Panel>
    </main>
  );
}
