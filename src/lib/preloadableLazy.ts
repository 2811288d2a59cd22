// A component whose code loads apart, and that a start can load ahead: once loaded, it renders at once, without
// React.lazy's suspending (which, while hydrating, would put the server's markup aside until the next tick); before,
// it is React.lazy's, loaded again once the browser is back online if the connection dropped.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAgainWhenOnline } from './loadAgainWhenOnline.ts';

export function preloadableLazy<M, P extends object>(
  importModule: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): {
  /** Loads the module (once: the browser keeps it), for a start that waits for it or warms it. */
  load(): Promise<M>;
  /** The component to render: pick it once per mount (useState), so a mounted part is never mounted anew. */
  component(): ComponentType<P> | LazyExoticComponent<ComponentType<P>>;
} {
  let loaded: M | undefined;
  const load = () => importModule().then((module) => (loaded = module));
  const Lazy = lazy(loadAgainWhenOnline(() => load().then((module) => ({ default: pick(module) }))));
  return { load, component: () => (loaded ? pick(loaded) : Lazy) };
}
