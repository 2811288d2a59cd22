// The thread's posts in order, windowed by page (see windowing.ts): pages near the viewport render, the others
// keep their height as empty boxes, so scrolling a 2,000-post thread stays smooth and the scrollbar stays honest.
import { Fragment, startTransition, useCallback, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import type { PostWithAuthor } from '../../data/queries/posts.ts';
import { useLastAction } from './readPosition/useLastAction.ts';
import { scrollBelowHeader } from './readPosition/scrollBelowHeader.ts';
import { pageCount, pageSlice, pagesToRender, placeholderHeight, POSTS_PER_PAGE } from './windowing.ts';
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
    // A page's posts render as a transition: React yields to the browser every few milliseconds, so a page coming
    // into view never blocks a frame of the scroll (its box keeps its height until the posts are in).
    const intersection = new IntersectionObserver(
      (entries) =>
        startTransition(() =>
          setVisible((previous) => {
            const next = new Set(previous);
            for (const entry of entries) {
              if (entry.isIntersecting) next.add(pageOf(entry.target));
              else next.delete(pageOf(entry.target));
            }
            const same = next.size === previous.size && [...next].every((p) => previous.has(p));
            return same ? previous : next;
          }),
        ),
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

/** A post to bring into view: the address's #post-{id}, the first unread one, or a jump. */
export interface ScrollTarget {
  postId: string;
  /** A new key scrolls again, to the same post or another. */
  key: string;
  /** The element to scroll to, when not the post itself (the unread divider above it). */
  elementId?: string;
  /** When the scroll was asked for (performance.now()): the member's own action after it cancels it. */
  since(): number;
}

/**
 * The page of the target post: it always renders, and is scrolled to once per key, when the post is there (it may
 * arrive with a later pull) and the member has not acted since the scroll was asked for; -1 when there is none. Until
 * they act, it is scrolled to again each time posts arriving above it move it: an opened thread's posts come in
 * chunks in no order of time, and a post that moves to another page is a new element, which the browser's scroll
 * anchoring cannot follow.
 */
function useScrollTarget(posts: PostWithAuthor[], target: ScrollTarget | undefined): number {
  const scrolledTo = useRef<{ key: string; index: number } | undefined>(undefined);
  const lastAction = useLastAction();
  const index = target ? posts.findIndex((p) => p.id === target.postId) : -1;
  useEffect(() => {
    if (!target || index < 0) return;
    const last = scrolledTo.current;
    if (last?.key === target.key && last.index === index) return;
    const element = document.getElementById(target.elementId ?? `post-${target.postId}`);
    if (!element) return;
    // The member acted since the scroll was asked for (its post came late): they are reading or writing elsewhere.
    if (lastAction.current <= target.since()) scrollBelowHeader(element);
    scrolledTo.current = { key: target.key, index };
  }, [target, index, lastAction]);
  return index < 0 ? -1 : Math.floor(index / POSTS_PER_PAGE);
}

export function PostList({
  posts,
  target,
  divider,
  listRef,
  renderPost,
}: {
  posts: PostWithAuthor[];
  /** The post to bring into view. */
  target?: ScrollTarget;
  /** Shown above this post: "Unread since your last visit". */
  divider?: { postId: string; element: ReactNode };
  listRef?: Ref<HTMLDivElement>;
  renderPost(post: PostWithAuthor): ReactNode;
}) {
  const { visible, heights, observe } = usePageObservers();
  const count = pageCount(posts.length);
  const targetPage = useScrollTarget(posts, target);
  const rendered = pagesToRender(targetPage < 0 ? visible : [...visible, targetPage], count);
  return (
    <div className={styles.posts} ref={listRef}>
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
            {posts.slice(start, end).map((post) =>
              divider?.postId === post.id ? (
                <Fragment key={post.id}>
                  {divider.element}
                  {renderPost(post)}
                </Fragment>
              ) : (
                renderPost(post)
              ),
            )}
          </div>
        );
      })}
    </div>
  );
}
