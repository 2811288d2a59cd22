// A stage of the start (src/main.tsx): React's DOM renderer, the largest library the first render needs, evaluated in
// a task of its own before the app's code.
export { createRoot, hydrateRoot } from 'react-dom/client';
