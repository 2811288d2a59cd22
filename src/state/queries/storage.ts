// The threads and posts this device holds, live: the storage card's counts follow a sync or a clear.
import { mirroredCounts } from '../../data/queries/storage.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

export function useMirroredCounts() {
  return useMirrorQuery((db) => mirroredCounts(db), []);
}
