// The debug pages' probes of the backend (session, profile rows, storage buckets), each answering a Probe the page
// shows as it is: the pages drive the calls themselves, so they get every call of backend/debug.ts bound to the
// app's client.
import { readStoredSession } from '../../backend/auth.ts';
import * as backendDebug from '../../backend/debug.ts';
import { useServerCalls } from './useServerCalls.ts';

const { BUCKETS, ...DEBUG_CALLS } = backendDebug;

export { BUCKETS, readStoredSession };
export type { Bucket, Probe } from '../../backend/debug.ts';

export const useDebugProbes = () => useServerCalls(DEBUG_CALLS);
