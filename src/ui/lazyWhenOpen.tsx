// A dialog whose code loads the first time it opens. Closed, it renders nothing, so a screen that holds many (each
// post of a thread has its report and delete dialogs) neither evaluates their code nor renders them until a member
// asks for one. Once opened it stays mounted, so its closing plays out as Radix's does.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { loadAgainWhenOnline } from '../lib/loadAgainWhenOnline.ts';

export function lazyWhenOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(loadAgainWhenOnline(async () => ({ default: await load() })));
  return function WhenOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened ? (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    ) : null;
  };
}
