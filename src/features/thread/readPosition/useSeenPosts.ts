// Watches the post list with an IntersectionObserver and reports each post scrolled into view. The list is windowed,
// so posts come and go as pages render: a MutationObserver hands new ones to the observer and lets go of removed ones.
import { useEffect, useRef, type RefObject } from 'react';
import { isSeen, SEEN_THRESHOLDS } from './seenInView.ts';

const POST_SELECTOR = 'article[data-testid="post"]';
const ID_PREFIX = 'post-';

export function useSeenPosts(list: RefObject<HTMLElement | null>, enabled: boolean, onSeen: (postId: string) => void) {
  const report = useRef(onSeen);
  useEffect(() => {
    report.current = onSeen;
  }, [onSeen]);

  useEffect(() => {
    const root = list.current;
    if (!enabled || !root) return;
    const watched = new Set<Element>();
    const intersection = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (isSeen(entry, window.innerHeight)) report.current(entry.target.id.slice(ID_PREFIX.length));
        }
      },
      { threshold: SEEN_THRESHOLDS },
    );
    const sync = () => {
      for (const element of watched) {
        if (element.isConnected) continue;
        intersection.unobserve(element);
        watched.delete(element);
      }
      for (const element of root.querySelectorAll(POST_SELECTOR)) {
        if (watched.has(element) || !element.id.startsWith(ID_PREFIX)) continue;
        watched.add(element);
        intersection.observe(element);
      }
    };
    const mutations = new MutationObserver(sync);
    mutations.observe(root, { childList: true, subtree: true });
    sync();
    return () => {
      mutations.disconnect();
      intersection.disconnect();
    };
  }, [list, enabled]);
}
