// The debug pages' probes of the backend (session, profile rows, storage buckets), each answering a Probe the page
// shows as it is: the pages drive the calls themselves, so they get them bound to the app's client.
import { readStoredSession } from '../../backend/auth.ts';
import {
  BUCKETS,
  listBucket,
  probeRefresh,
  probeUser,
  readPrivateRow,
  readProfileRow,
  restoreStoredSession,
  uploadProbe,
} from '../../backend/debug.ts';
import { useServerCalls } from './useServerCalls.ts';

export { BUCKETS, readStoredSession };
export type { Bucket, Probe } from '../../backend/debug.ts';

const DEBUG_CALLS = {
  listBucket,
  probeRefresh,
  probeUser,
  readPrivateRow,
  readProfileRow,
  restoreStoredSession,
  uploadProbe,
};

export const useDebugProbes = () => useServerCalls(DEBUG_CALLS);
