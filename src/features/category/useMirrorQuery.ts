// A live read of the mirror that reports a failed read as a state instead of throwing during render.
import { useLiveQuery } from 'dexie-react-hooks';
import { logError } from '../../ui/reportError.ts';

export type MirrorResult<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed' };

const LOADING = { state: 'loading' } as const;

export function useMirrorQuery<T>(read: () => Promise<T>, deps: unknown[]): MirrorResult<T> {
  const result = useLiveQuery(
    async (): Promise<MirrorResult<T>> => {
      try {
        return { state: 'ready', data: await read() };
      } catch (error) {
        logError(error, 'Mirror read failed');
        return { state: 'failed' };
      }
    },
    // The caller's deps are the read's inputs, exactly as for useLiveQuery itself.
    deps,
  );
  return result ?? LOADING;
}
