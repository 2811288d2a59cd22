// A post's header (author, time, '(edited)', its tags and sending state) and its words with their gallery: pure, so
// the local stack renders a thread's first posts with them into the HTML it serves (src/ssr).
import type { PostWithAuthor } from '../../data/queries/posts.ts';
import { Markdown } from '../../content/Markdown.tsx';
import { listAge } from '../../lib/relativeTime.ts';
import { RoleBadge } from '../../ui/AuthorLabel.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { PostGallery } from './PostGallery.tsx';
import { WaitingMark } from './WaitingMark.tsx';
import styles from './Thread.module.css';

/** The text shown in place of a post that members' reports hid until a moderator looks at it. */
export const HIDDEN_NOTICE = 'hidden pending review';

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

export function PostHeader({ post, name, headingId, isFirst, heldMark }: PostHeaderProps) {
  return (
    <header className={styles.postHeader}>
      <Avatar src={post.author?.avatar_url} person={post.author} size={36} />
      <div className={styles.postWho}>
        <h2 id={headingId} className={styles.postAuthor}>
          {name} <RoleBadge role={post.author?.role} />
        </h2>
        <span className="muted">
          <time dateTime={post.created_at} title={new Date(post.created_at).toLocaleString()}>
            {listAge(post.created_at)}
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

export function PostBody({ content, images }: { content: string; images: string[] }) {
  return (
    <div className={styles.postBody}>
      {/* The gallery shows the images, so the text does not show them a second time. */}
      <Markdown hideImages={images.length > 0}>{content}</Markdown>
      <PostGallery images={images} />
    </div>
  );
}
