// When the member last acted on the page (a tap, a key, a wheel, a touch or typed words): a scroll the page planned
// before then, whose post only arrived with a later pull, no longer moves the member away from where they are.
import { useEffect, useRef, type RefObject } from 'react';

const ACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'] as const;

/** The time (performance.now()) of the member's last action, -Infinity before the first. */
export function useLastAction(): RefObject<number> {
  const last = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const mark = () => {
      last.current = performance.now();
    };
    for (const action of ACTIONS) window.addEventListener(action, mark, { capture: true, passive: true });
    return () => {
      for (const action of ACTIONS) window.removeEventListener(action, mark, { capture: true });
    };
  }, []);
  return last;
}
