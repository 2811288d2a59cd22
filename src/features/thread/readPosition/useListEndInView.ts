// Whether the end of the post list is in the window: there "Jump to latest" has nowhere to go, so it is not offered.
import { useEffect, useState, type RefObject } from 'react';

export function useListEndInView(list: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = list.current;
    if (!enabled || !element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setInView(element.getBoundingClientRect().bottom <= window.innerHeight);
    };
    const soon = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    // The list grows as pages render and replies arrive, with no scroll: its size is watched too.
    const resize = new ResizeObserver(soon);
    resize.observe(element);
    window.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    measure();
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      window.removeEventListener('scroll', soon);
      window.removeEventListener('resize', soon);
    };
  }, [list, enabled]);
  return enabled && inView;
}
