// The thread view's read position: the position held when the thread was opened (it places the unread divider and
// the landing), seen tracking while reading, the header's "N new", and "Jump to latest" / "Back to where I was".
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PostWithAuthor } from '../../../data/queries/posts.ts';
import type { ThreadRow } from '../../../data/types.ts';
import { useThreadRead } from '../../../state/queries/readState.ts';
import type { ScrollTarget } from '../PostList.tsx';
import { firstUnread, highestPostNumber, topmostInView } from './landing.ts';
import { headerBottom } from './scrollBelowHeader.ts';
import { useListEndInView } from './useListEndInView.ts';
import { useSeenMarking } from './useSeenMarking.ts';
import { useSeenPosts } from './useSeenPosts.ts';

export const DIVIDER_ID = 'unread-divider';

interface Options {
  thread: ThreadRow;
  posts: PostWithAuthor[] | undefined;
  signedIn: boolean;
  /** The signed-in member: their own posts are never unread. */
  userId?: string | null;
  /** The post the address points at (#post-{id}): it wins over the landing. */
  linked: string | undefined;
}

/** A jump is asked for at the member's tap or key. */
function askedNow(): () => number {
  const at = performance.now();
  return () => at;
}

/**
 * When the thread, or the post the address points at, opened: the landing is asked for then, though its post may
 * come with a later pull. Set in a layout effect, so before the post list's scroll reads it.
 */
function useOpenedAt(threadId: string, linked: string | undefined): () => number {
  const openedAt = useRef(Number.NEGATIVE_INFINITY);
  useLayoutEffect(() => {
    openedAt.current = performance.now();
  }, [threadId, linked]);
  return useCallback(() => openedAt.current, []);
}

export function useReadPosition({ thread, posts, signedIn, userId = null, linked }: Options) {
  const read = useThreadRead(thread.id);
  // null while loading; signed out there is no position at all.
  const known = signedIn ? (read === null ? null : (read?.last_read_post_number ?? 0)) : null;
  const [atOpen, setAtOpen] = useState<{ threadId: string; position: number } | null>(null);
  if (known !== null && atOpen?.threadId !== thread.id) setAtOpen({ threadId: thread.id, position: known });
  const readAtOpen = atOpen?.threadId === thread.id ? atOpen.position : 0;

  const list = useRef<HTMLDivElement>(null);
  const see = useSeenMarking(thread.id, known);
  const numbers = useMemo(() => new Map(posts?.map((p) => [p.id, p.post_number])), [posts]);
  const onSeen = useCallback((postId: string) => see(numbers.get(postId) ?? 0), [see, numbers]);
  useSeenPosts(list, signedIn && known !== null && posts !== undefined, onSeen);

  const unread = useMemo(() => firstUnread(posts ?? [], readAtOpen, userId), [posts, readAtOpen, userId]);
  const highest = highestPostNumber(thread.highest_post_number, posts ?? []);
  const newCount = known !== null && readAtOpen > 0 ? Math.max(0, highest - known) : 0;

  const [jump, setJump] = useState<{ target: ScrollTarget; latest?: boolean; back?: string } | null>(null);
  const since = useOpenedAt(thread.id, linked);
  const landing: ScrollTarget | undefined = linked
    ? { postId: linked, key: `linked:${linked}`, since }
    : unread && { postId: unread.id, key: `unread:${thread.id}`, elementId: DIVIDER_ID, since };

  const jumpToLatest = useCallback(() => {
    const last = posts?.at(-1);
    if (!last || !list.current) return;
    const rects = [...list.current.querySelectorAll('article[data-testid="post"]')].map((element) => ({
      id: element.id.slice('post-'.length),
      bottom: element.getBoundingClientRect().bottom,
    }));
    const back = topmostInView(rects, headerBottom());
    setJump({ target: { postId: last.id, key: `latest:${Date.now()}`, since: askedNow() }, latest: true, back });
  }, [posts]);

  const several = posts !== undefined && posts.length > 1;
  const atEnd = useListEndInView(list, several);

  const backToWhereIWas = useCallback(() => {
    setJump((current) =>
      current?.back ? { target: { postId: current.back, key: `back:${Date.now()}`, since: askedNow() } } : current,
    );
  }, []);

  // The latest post is the newest there is: posts still arriving (an opened thread's come in chunks) move the jump on
  // to theirs, until the member acts (PostList.tsx).
  const latestId = posts?.at(-1)?.id;
  const jumpTarget = useMemo(
    () => (jump?.latest && latestId ? { ...jump.target, postId: latestId } : jump?.target),
    [jump, latestId],
  );

  return {
    listRef: list,
    target: jumpTarget ?? landing,
    divider: unread?.id,
    newCount,
    jumpToLatest: several && !atEnd ? jumpToLatest : undefined,
    backToWhereIWas: jump?.back ? backToWhereIWas : undefined,
  };
}
