// The start's first stage (src/main.tsx): the mirror, the sync engine and the session, with Dexie's code.
export { createAppSync } from './createAppSync.ts';
export { createAppSession } from './createAppSession.ts';
