// A post as drawn: its header (author, time, '(edited)', its tags and sending state), its words with their gallery
// and its actions' row. Pure, so the local stack renders a thread's first posts with the same view into the HTML it
// serves (src/ssr), and the app's PostCard adds only the behaviour.
import type { ReactNode } from 'react';
import type { PostWithAuthor } from '../../data/queries/posts.ts';
import { Markdown } from '../../content/Markdown.tsx';
import { fullTime, listAge } from '../../lib/relativeTime.ts';
import { useAgeClock } from '../../state/queries/firstScreen.tsx';
import { RoleBadge } from '../../ui/AuthorLabel.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { PostGallery } from './PostGallery.tsx';
import { WaitingMark } from './WaitingMark.tsx';
import styles from './Thread.module.css';

/** The text shown in place of a post that members' reports hid until a moderator looks at it. */
const HIDDEN_NOTICE = 'hidden pending review';

function StatusMark({ post }: { post: PostWithAuthor }) {
  const status = post._status;
  if (status === 'sending') return <WaitingMark postId={post.id} />;
  if (status === 'failed') return <span className={styles.notSent}>Not sent</span>;
  return null;
}

interface PostHeaderProps {
  post: PostWithAuthor;
  name: string;
  /** The id of the author's heading, which names the post's article. */
  headingId: string;
  isFirst: boolean;
  /** "Hidden pending review", for the staff and the author who still read its words. */
  heldMark: boolean;
}

function PostHeader({ post, name, headingId, isFirst, heldMark }: PostHeaderProps) {
  const clock = useAgeClock();
  return (
    <header className={styles.postHeader}>
      <Avatar src={post.author?.avatar_url} person={post.author} size={36} />
      <div className={styles.postWho}>
        <h2 id={headingId} className={styles.postAuthor}>
          {name} <RoleBadge role={post.author?.role} />
        </h2>
        <span className="muted">
          <time dateTime={post.created_at} title={fullTime(post.created_at, clock.timeZone)}>
            {listAge(post.created_at, clock.now, clock.timeZone)}
          </time>
          {post.is_edited && <span className={styles.edited}> (edited)</span>}
        </span>
      </div>
      <div className={styles.postTags}>
        {isFirst && <span className={styles.originalPost}>Original Post</span>}
        {heldMark && <span className={styles.hiddenMark}>Hidden pending review</span>}
        <StatusMark post={post} />
      </div>
    </header>
  );
}

function PostBody({ content, images }: { content: string; images: string[] }) {
  return (
    <div className={styles.postBody}>
      {/* The gallery shows the images, so the text does not show them a second time. */}
      <Markdown hideImages={images.length > 0}>{content}</Markdown>
      <PostGallery images={images} />
    </div>
  );
}

interface PostViewProps {
  post: PostWithAuthor;
  /** The author's name as shown. */
  name: string;
  isFirst: boolean;
  heldMark: boolean;
  images: string[];
  /** The held words under a hidden post's notice, for staff and the author. */
  held?: ReactNode;
  /** The editor, in place of the words and the actions while the member edits. */
  editor?: ReactNode;
  /** Under the words: a write the server refused. */
  notice?: ReactNode;
  actions: ReactNode;
  /** The post the address points at (#post-{id}). */
  linked?: boolean;
  /** After the actions: the post's dialogs. */
  children?: ReactNode;
}

export function PostView({
  post,
  name,
  isFirst,
  heldMark,
  images,
  held,
  editor,
  notice,
  actions,
  linked,
  children,
}: PostViewProps) {
  const headingId = `post-${post.id}-author`;
  const hidden = post.hidden_at !== null && post.hidden_at !== undefined;
  return (
    <article
      className={styles.post}
      aria-labelledby={headingId}
      data-testid="post"
      data-status={post._status ?? 'sent'}
      data-linked={linked || undefined}
      id={`post-${post.id}`}
    >
      <PostHeader post={post} name={name} headingId={headingId} isFirst={isFirst} heldMark={heldMark} />
      {editor ??
        (hidden ? (
          <div className={styles.postBody}>
            <p className={styles.hiddenNotice}>{HIDDEN_NOTICE}</p>
            {held}
          </div>
        ) : (
          <PostBody content={post.content} images={images} />
        ))}
      {notice}
      {!editor && <footer className={styles.postActions}>{actions}</footer>}
      {children}
    </article>
  );
}
