// A loaded thread: header, windowed posts with their actions and failures, and the footer with the reply box.
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useMirrorActions } from '../../state/mutations/mirror.ts';
import { useFailedWrites } from '../../state/queries/failedWrites.ts';
import { useThreadBookmarks } from '../../state/queries/bookmarks.ts';
import { useLikedPosts } from '../../state/queries/likes.ts';
import { useThreadPosts } from '../../state/queries/posts.ts';
import { dataOrThrow } from '../../state/queries/useMirrorQuery.ts';
import { useDeleteThread, useViewCount } from '../../state/server/threads.ts';
import { quoteBlock } from '../../content/quote.ts';
import type { ContentEditorHandle } from '../editor/index.ts';
import type { PostWithAuthor } from '../../data/queries/posts.ts';
import type { ThreadWithRefs } from '../../data/queries/threads.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { failuresForThread } from '../../state/queries/failedWrites.ts';
import { FailedWriteNotice } from './FailedWriteNotice.tsx';
import { authorName } from './people.ts';
import { PostCard } from './PostCard.tsx';
import { PostList } from './PostList.tsx';
import { ThreadFooter, type FooterKind } from './ThreadFooter.tsx';
import { ThreadHeader } from './ThreadHeader.tsx';
import { ThreadTools } from './ThreadTools.tsx';
import { useReportedPosts } from '../../state/queries/moderation.ts';
import { useReplyDraft } from './useReplyDraft.ts';
import { ReadPositionBar } from './readPosition/ReadPositionBar.tsx';
import { UnreadDivider } from './readPosition/UnreadDivider.tsx';
import { useReadPosition } from './readPosition/useReadPosition.ts';
import { lazyWhenOpen } from '../../ui/lazyWhenOpen.tsx';
import styles from './Thread.module.css';

const ConfirmDialog = lazyWhenOpen(() => import('./ConfirmDialog.tsx').then((m) => m.ConfirmDialog));

/** SPEC §9: the reply box gets focus 100 ms after a quote is inserted. */
const QUOTE_FOCUS_DELAY_MS = 100;

export function ThreadView({ thread, online }: { thread: ThreadWithRefs; online: boolean }) {
  const posts = dataOrThrow(useThreadPosts(thread.id));
  const failed = dataOrThrow(useFailedWrites());
  const userId = useSession((s) => s.user?.id ?? null);
  const liked = dataOrThrow(useLikedPosts(thread.id, userId));
  const reported = dataOrThrow(useReportedPosts(userId));
  const bookmarks = useThreadBookmarks(thread.id);
  const profile = useSession((s) => s.profile);
  const hash = useRouterState({ select: (s) => s.location.hash });
  const linked = hash.startsWith('post-') ? hash.slice('post-'.length) : undefined;
  const deleteThread = useDeleteThread();
  const mirror = useMirrorActions();
  const navigate = useNavigate();
  const [draft, setDraft] = useReplyDraft(thread.id);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const replyBox = useRef<ContentEditorHandle>(null);
  const reading = useReadPosition({ thread, posts, signedIn: userId !== null, userId, linked });
  // Counted once the posts show, so that a return visit asks the server for nothing before its first post paints.
  useViewCount(posts === undefined ? null : thread, online);

  const role = profile?.role ?? 'user';
  const staff = role === 'moderator' || role === 'admin';
  const banned = profile?.is_banned === true;
  const footer: FooterKind = thread.is_locked ? 'locked' : !userId ? 'signedOut' : banned ? 'banned' : 'reply';

  // The thread row's count moves only with the next pull; the posts on this device move at once, a reply waiting to
  // send included, so the header never says fewer replies than the page shows.
  const replyCount = Math.max(
    thread.reply_count,
    posts?.filter((p) => p.type === 'reply' && !p.is_first_post && p._status !== 'failed').length ?? 0,
  );

  const failures = useMemo(
    () => failuresForThread(failed ?? [], thread.id, new Set(posts?.map((p) => p.id))),
    [failed, posts, thread.id],
  );

  const quote = useCallback((post: PostWithAuthor) => {
    // Through the editor, so the caret ends on a new line after the quote, where the answer goes.
    replyBox.current?.appendBlock(quoteBlock(authorName(post.author_id, post.author), post.content));
    setTimeout(() => replyBox.current?.focus(), QUOTE_FOCUS_DELAY_MS);
  }, []);

  const removeThread = async () => {
    const deleted = await deleteThread.run(thread.id, role);
    if (!deleted.ok) return;
    // The pull brings the deletion into the mirror, so lists stop showing the thread.
    void mirror.pull();
    await navigate({ to: '/' });
  };

  return (
    <div className={styles.thread}>
      <ThreadHeader
        thread={thread}
        replyCount={replyCount}
        onDelete={staff ? () => setConfirmingDelete(true) : undefined}
        tools={staff ? <ThreadTools thread={thread} online={online} /> : undefined}
        newCount={reading.newCount}
      />
      {posts === undefined ? (
        <Spinner label="Loading posts…" />
      ) : (
        <PostList
          posts={posts}
          target={reading.target}
          divider={reading.divider ? { postId: reading.divider, element: <UnreadDivider /> } : undefined}
          listRef={reading.listRef}
          renderPost={(post) => {
            const own = userId !== null && post.author_id === userId;
            const settled = post._status !== 'failed';
            return (
              <PostCard
                key={post.id}
                post={post}
                isFirst={post.type === 'thread' || post.is_first_post}
                canQuote={footer === 'reply'}
                canEdit={own && !banned && settled}
                canDelete={settled && (own || staff)}
                failure={failures.byPost.get(post.id)}
                likeMode={!userId ? 'visitor' : post.author_id === userId ? 'own' : 'member'}
                like={liked?.get(post.id)}
                bookmark={bookmarks === undefined ? null : bookmarks.get(post.id)}
                linked={post.id === linked}
                canReport={userId !== null && !own && !banned && post._status === undefined}
                reported={reported?.has(post.id) === true}
                canSeeHeld={own || staff}
                online={online}
                onQuote={quote}
              />
            );
          }}
        />
      )}
      <ReadPositionBar onLatest={reading.jumpToLatest} onBack={reading.backToWhereIWas} />
      {failures.loose.map((entry) => (
        <FailedWriteNotice key={entry.id} entry={entry} />
      ))}
      {/* Below the posts once they are here: shown under the spinner, the posts arriving would push it down. */}
      {posts !== undefined && (
        <ThreadFooter
          ref={replyBox}
          kind={footer}
          threadId={thread.id}
          online={online}
          draft={draft}
          onDraftChange={setDraft}
        />
      )}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete thread"
        question="Are you sure you want to delete this entire thread? This action cannot be undone."
        confirmLabel="Delete Thread"
        onConfirm={removeThread}
      />
    </div>
  );
}
