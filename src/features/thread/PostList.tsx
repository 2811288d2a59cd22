// The thread's posts in order, windowed by page (see windowing.ts): pages near the viewport render, the others
// keep their height as empty boxes, so scrolling a 2,000-post thread stays smooth and the scrollbar stays honest.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PostWithAuthor } from '../../data/queries/posts.ts';
import { pageCount, pageSlice, pagesToRender, placeholderHeight } from './windowing.ts';
import styles from './Thread.module.css';

/** Pages this far outside the viewport already count as visible, so they render before they scroll in. */
const ROOT_MARGIN = '1200px 0px';

function pageOf(element: Element): number {
  return Number((element as HTMLElement).dataset.page);
}

/** Tracks which page boxes are near the viewport and how tall the rendered ones are. */
function usePageObservers() {
  const [visible, setVisible] = useState<ReadonlySet<number>>(() => new Set());
  // A measurement cache, read when a page turns into a box: mutating it needs no re-render.
  const [heights] = useState(() => new Map<number, number>());
  const elements = useRef(new Set<Element>());
  const observers = useRef<{ intersection: IntersectionObserver; resize: ResizeObserver } | null>(null);

  useEffect(() => {
    const intersection = new IntersectionObserver(
      (entries) =>
        setVisible((previous) => {
          const next = new Set(previous);
          for (const entry of entries) {
            if (entry.isIntersecting) next.add(pageOf(entry.target));
            else next.delete(pageOf(entry.target));
          }
          const same = next.size === previous.size && [...next].every((p) => previous.has(p));
          return same ? previous : next;
        }),
      { rootMargin: ROOT_MARGIN },
    );
    const resize = new ResizeObserver((entries) => {
      for (const entry of entries) {
        if ((entry.target as HTMLElement).dataset.rendered === 'true') {
          heights.set(pageOf(entry.target), entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height);
        }
      }
    });
    observers.current = { intersection, resize };
    for (const element of elements.current) {
      intersection.observe(element);
      resize.observe(element);
    }
    return () => {
      intersection.disconnect();
      resize.disconnect();
      observers.current = null;
    };
  }, [heights]);

  const observe = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    elements.current.add(element);
    observers.current?.intersection.observe(element);
    observers.current?.resize.observe(element);
    return () => {
      elements.current.delete(element);
      observers.current?.intersection.unobserve(element);
      observers.current?.resize.unobserve(element);
    };
  }, []);

  return { visible, heights, observe };
}

export function PostList({
  posts,
  renderPost,
}: {
  posts: PostWithAuthor[];
  renderPost(post: PostWithAuthor): ReactNode;
}) {
  const { visible, heights, observe } = usePageObservers();
  const count = pageCount(posts.length);
  const rendered = pagesToRender(visible, count);
  return (
    <div className={styles.posts}>
      {Array.from({ length: count }, (_, page) => {
        const [start, end] = pageSlice(page, posts.length);
        if (!rendered.has(page)) {
          return (
            <div
              key={page}
              ref={observe}
              data-page={page}
              data-rendered="false"
              aria-hidden
              style={{ height: placeholderHeight(page, end - start, heights) }}
            />
          );
        }
        return (
          <div key={page} ref={observe} data-page={page} data-rendered="true" className={styles.page}>
            {posts.slice(start, end).map(renderPost)}
          </div>
        );
      })}
    </div>
  );
}
