// The engine's network side in one module, imported on first use: the app's first screen needs the engine for its
// mirror and status, not yet for pulling and pushing, so this code loads just after it.
export { errorKind } from '../backend/errors.ts';
export { touchLastSeen } from '../backend/presence.ts';
export { flushOutbox } from './flushOutbox.ts';
export { fetchThread, fetchThreadPosts } from './keep.ts';
export { fetchMissingProfiles } from './profiles.ts';
export { pullRound } from './pullRound.ts';
export { mirrorProfile, mirrorThread } from './openRows.ts';
