// A domain's named backend calls with the app's client in hand, for the few screens that drive a call themselves
// (a push subscription's store, the debug probes): the domain lists its calls once and screens call them by name.
import { useMemo } from 'react';
import type { ForumClient } from '../../backend/client.ts';
import { useBackend } from '../BackendContext.tsx';

type Call = (client: ForumClient, ...args: never[]) => unknown;

type BoundCalls<C extends Record<string, Call>> = {
  [K in keyof C]: C[K] extends (client: ForumClient, ...args: infer A) => infer R ? (...args: A) => R : never;
};

/** `calls` is a module constant, so the bound set changes only with the client. */
export function useServerCalls<C extends Record<string, Call>>(calls: C): BoundCalls<C> {
  const client = useBackend();
  return useMemo(() => {
    const bound: Record<string, unknown> = {};
    for (const [name, call] of Object.entries(calls)) {
      bound[name] = (...args: never[]) => call(client, ...args);
    }
    return bound as BoundCalls<C>;
  }, [client, calls]);
}
