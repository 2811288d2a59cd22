// The router's page for an unhandled error in a route, with the spec's heading (SPEC §8).
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Panel } from '../../ui/Panel.tsx';
import { logErrorLater } from '../../state/errors/logErrorLater.ts';

export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  useEffect(() => logErrorLater(error, 'Unhandled route error'), [error]);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className="standalone-page">
      <Panel
        icon="alert"
        title="Unexpected Application Error!"
        actions={
          <>
            <Button variant="primary" onClick={reset}>
              Try again
            </Button>
            <Button onClick={() => window.location.assign('/')}>Go to Home</Button>
          </>
        }
      >
        <p>{message}</p>
      </Panel>
    </main>
  );
}
