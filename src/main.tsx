// Boot: find the backend, create its client, render the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { BackendProvider } from './backend/BackendContext.tsx';
import { createBackendClient } from './backend/client.ts';
import { loadBackendConfig } from './backend/config.ts';
import './ui/theme.css';

const root = createRoot(document.getElementById('root')!);

loadBackendConfig({ env: import.meta.env, fetch: window.fetch.bind(window), storage: window.localStorage }).then(
  (config) =>
    root.render(
      <StrictMode>
        <BackendProvider client={createBackendClient(config)}>
          <App />
        </BackendProvider>
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error('Could not find the backend', error);
    root.render(
      <p className="error boot-error">The forum could not reach its server. Check your connection and reload.</p>,
    );
  },
);
