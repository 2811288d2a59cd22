// Links to threads named by results from elsewhere (search, a member's activity): by slug, or by id where this
// device keeps that slug as an alias of another thread (data/queries/linkAddress.ts).
import { useCallback } from 'react';
import { linkAddress, slugAliasMap } from '../../data/queries/linkAddress.ts';
import { useMirrorQuery } from './useMirrorQuery.ts';

/** A function giving the /t/{address} of a thread by its id and slug. */
export function useThreadLink(): (thread: { id: string; slug: string }) => string {
  const aliases = useMirrorQuery(slugAliasMap, []);
  const map = aliases.state === 'ready' ? aliases.data : undefined;
  return useCallback((thread) => linkAddress(thread, map?.get(thread.slug)), [map]);
}
