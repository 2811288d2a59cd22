// One post: author, time, '(edited)', its sending state, the rendered markdown with its gallery, and its actions.
import { memo, useMemo, useState } from 'react';
import { toast } from '../../state/toast.ts';
import { usePostActions } from '../../state/mutations/posts.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import { Markdown } from '../../content/Markdown.tsx';
import type { FailedEntry } from '../../data/outboxTypes.ts';
import type { LikeState } from '../../data/queries/likes.ts';
import type { BookmarkRow } from '../../data/types.ts';
import type { PostWithAuthor } from '../../data/queries/posts.ts';
import { BookmarkButton } from '../bookmarks/index.ts';
import { Button } from '../../ui/Button.tsx';
import { reportError } from '../../state/errors/reportError.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { FailedWriteNotice } from './FailedWriteNotice.tsx';
import { LikeButton, type LikeMode } from './LikeButton.tsx';
import { postImages } from './gallery.ts';
import { authorName } from './people.ts';
import { PostView } from './PostParts.tsx';
import { ReportedMark } from './ReportedMark.tsx';
import { TextEditor } from './TextEditor.tsx';
import { useHold } from '../../state/server/postHolds.ts';
import { lazyWhenOpen } from '../../ui/lazyWhenOpen.tsx';
import styles from './Thread.module.css';

const ConfirmDialog = lazyWhenOpen(() => import('./ConfirmDialog.tsx').then((m) => m.ConfirmDialog));
const ReportDialog = lazyWhenOpen(() => import('./ReportDialog.tsx').then((m) => m.ReportDialog));

interface PostCardProps {
  post: PostWithAuthor;
  isFirst: boolean;
  canQuote: boolean;
  canEdit: boolean;
  canDelete: boolean;
  failure?: FailedEntry;
  likeMode: LikeMode;
  /** The viewer's like of this post, when they like it. */
  like?: LikeState;
  /** The member's bookmark of this post: undefined when there is none, null while the thread's are loading. */
  bookmark: BookmarkRow | undefined | null;
  /** The post the address points at (#post-{id}), as a notification opens it. */
  linked?: boolean;
  /** Report is offered (signed in, someone else's post); `reported` once the member reported it here. */
  canReport: boolean;
  reported: boolean;
  /** Staff and the author read a hidden post's words (online). */
  canSeeHeld: boolean;
  online: boolean;
  onQuote(post: PostWithAuthor): void;
}

export const PostCard = memo(function PostCard({
  post,
  isFirst,
  canQuote,
  canEdit,
  canDelete,
  failure,
  likeMode,
  like,
  bookmark,
  linked,
  canReport,
  reported,
  canSeeHeld,
  online,
  onQuote,
}: PostCardProps) {
  const actions = usePostActions();
  // Any member may bookmark a post the server has (one still waiting to send has nothing to point at yet).
  const canBookmark = useSession((s) => s.user !== null) && post._status === undefined;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const hidden = post.hidden_at !== null && post.hidden_at !== undefined;
  const held = useHold(post.id, hidden && canSeeHeld);
  const images = useMemo(() => postImages(post.content), [post.content]);
  const name = authorName(post.author_id, post.author);

  const save = async (text: string) => {
    try {
      await actions.editPost(post.id, text, postImages(text));
      setEditing(false);
      toast.success('Post updated successfully!');
    } catch (error) {
      reportError(error, FAILURES.editPost);
    }
  };
  const remove = async () => {
    try {
      await actions.deletePost(post.id);
      toast.success('Post deleted successfully!');
    } catch (error) {
      reportError(error, FAILURES.deletePost);
    }
  };

  return (
    <PostView
      post={post}
      name={name}
      isFirst={isFirst}
      heldMark={hidden && canSeeHeld}
      images={images}
      linked={linked}
      held={
        held === null ? undefined : (
          <>
            {held.reason !== null && (
              <p className={styles.heldReason} role="note" aria-label="Why it is held">
                Why it is held: {held.reason}
              </p>
            )}
            <div className={styles.heldText} aria-label="Held text">
              <Markdown>{held.content}</Markdown>
            </div>
          </>
        )
      }
      editor={
        editing ? (
          <TextEditor
            label="Edit your post"
            initial={post.content}
            saveLabel="Save"
            onCancel={() => setEditing(false)}
            onSave={save}
          />
        ) : undefined
      }
      notice={failure && <FailedWriteNotice entry={failure} />}
      actions={
        <>
          <LikeButton postId={post.id} count={post.like_count} mode={likeMode} like={like} />
          {canQuote && !hidden && (
            <Button variant="ghost" onClick={() => onQuote(post)} aria-label={`Quote ${name}`}>
              Quote
            </Button>
          )}
          {canBookmark && <BookmarkButton postId={post.id} authorName={name} bookmark={bookmark} />}
          {canEdit && !hidden && (
            <Button variant="ghost" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {canDelete && (
            <Button variant="ghost" className={styles.dangerText} onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
          {canReport &&
            (reported ? (
              <ReportedMark postId={post.id} />
            ) : (
              <Button variant="ghost" onClick={() => setReporting(true)} aria-label={`Report post by ${name}`}>
                Report
              </Button>
            ))}
        </>
      }
    >
      <ReportDialog open={reporting} onOpenChange={setReporting} postId={post.id} authorName={name} online={online} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete post"
        question="Are you sure you want to delete this post?"
        confirmLabel="Delete"
        onConfirm={remove}
      />
    </PostView>
  );
});
