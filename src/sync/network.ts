// The engine's network side in one module, imported on first use: the app's first screen needs the engine for its
// mirror and status, not yet for pulling and pushing, so this code loads just after it.
export { errorKind } from '../backend/errors.ts';
export { touchLastSeen } from '../backend/presence.ts';
export { classifyFailure, rateLimitOf } from './errors.ts';
export { evictStaleThreads, fetchThread, fetchThreadPosts, keepBookmarkedThreads, keepRecentThreads } from './keep.ts';
export { fetchMissingProfiles } from './profiles.ts';
export { pendingTargets } from './pending.ts';
export { pullChanges } from './pull.ts';
export { pushWrite } from './push.ts';
export { checked } from './request.ts';
export { settleRateLimited, settleRefused, settleRetry, settleSent } from './settle.ts';
export { kindOf } from './writeKinds.ts';
