// The engine's network side in one module, imported on first use: the app's first screen needs the engine for its
// mirror and status, not yet for pulling and pushing, so this code loads just after it.
import type { flushOutbox as FlushOutbox } from './flushOutbox.ts';

export { errorKind } from '../backend/errors.ts';
export { touchLastSeen } from '../backend/presence.ts';
export { fetchThread, fetchThreadPosts } from './keep.ts';
export { fetchMissingProfiles } from './profiles.ts';
export { pullRound } from './pullRound.ts';
export { mirrorProfile, mirrorThread } from './openRows.ts';

/**
 * The outbox's sends run in the sync worker where there is one (createAppSync.ts): their code, and zod with it (a
 * refusal's wait is parsed), loads on the page only where there is none.
 */
export const flushOutbox: typeof FlushOutbox = async (ctx) => (await import('./flushOutbox.ts')).flushOutbox(ctx);
