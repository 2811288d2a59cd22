// A first page as a visitor sees it, from the rows the local stack read for them: home's cards and recent threads,
// a category's first threads, or a thread's header and first posts. Each is drawn by the screen's own components.
import { CategoryCards } from '../features/home/CategoryCards.tsx';
import { HomeHero } from '../features/home/HomeHero.tsx';
import { RecentRow } from '../features/home/RecentThreads.tsx';
import { LikeButton } from '../features/thread/LikeButton.tsx';
import { authorName } from '../features/thread/people.ts';
import { PostView } from '../features/thread/PostParts.tsx';
import { postImages } from '../features/thread/gallery.ts';
import { ThreadHeader } from '../features/thread/ThreadHeader.tsx';
import type { PostWithAuthor } from '../data/queries/posts.ts';
import type { FirstSync } from '../state/sync/useFirstSync.ts';
import { categoryHeading } from '../data/categoryTypes.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { ThreadListRow } from '../ui/threadList/ThreadListRow.tsx';
import type { FirstRows } from '../data/firstRows.ts';
import type { FirstPageRoute } from '../data/firstScreens.ts';
import { categoryCards, postsWithAuthors, threadsWithRefs } from '../data/firstRowsJoined.ts';
import home from '../features/home/Home.module.css';
import category from '../features/category/CategoryPage.module.css';
import list from '../ui/threadList/ThreadList.module.css';
import thread from '../features/thread/Thread.module.css';

/** Nothing is loading or failing in HTML the server wrote: the lists have their rows. */
const SETTLED: FirstSync = { active: false, failed: false };

function HomeView({ rows }: { rows: FirstRows }) {
  const cards = categoryCards(rows);
  return (
    <div className={home.home}>
      <HomeHero signedIn={false} />
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">Categories</h2>
        <CategoryCards cards={{ state: 'ready', data: cards }} sync={SETTLED} />
      </section>
      <section aria-labelledby="recent-heading">
        <div className={home.sectionHead}>
          <h2 id="recent-heading">Recent Threads</h2>
          <a href="/threads" className={home.viewAll}>
            View All
          </a>
        </div>
        <ul className={home.list}>
          {threadsWithRefs(rows).map((t) => (
            <RecentRow key={t.id} thread={t} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function CategoryView({ type, rows }: { type: string; rows: FirstRows }) {
  return (
    <div className={category.page}>
      <header className={category.head}>
        <div>
          <h1 className={category.heading}>{categoryHeading(type)}</h1>
        </div>
        <ButtonLink to="/auth">Sign in to post</ButtonLink>
      </header>
      <ul className={list.list}>
        {threadsWithRefs(rows).map((t) => (
          <ThreadListRow key={t.id} thread={t} />
        ))}
      </ul>
    </div>
  );
}

function StaticPost({ post }: { post: PostWithAuthor }) {
  return (
    <PostView
      post={post}
      name={authorName(post.author_id, post.author)}
      isFirst={post.type === 'thread' || post.is_first_post}
      heldMark={false}
      images={postImages(post.content)}
      actions={<LikeButton postId={post.id} count={post.like_count} mode="visitor" like={undefined} />}
    />
  );
}

function ThreadView({ rows }: { rows: FirstRows }) {
  const [head] = threadsWithRefs(rows);
  if (!head) return null;
  return (
    <div className={thread.thread}>
      <ThreadHeader thread={head} replyCount={head.reply_count} />
      <div className={thread.posts}>
        <div className={thread.page}>
          {postsWithAuthors(rows).map((p) => (
            <StaticPost key={p.id} post={p} />
          ))}
        </div>
      </div>
    </div>
  );
}

export function FirstPageView({ route, rows }: { route: FirstPageRoute; rows: FirstRows }) {
  if (route.page === 'home') return <HomeView rows={rows} />;
  if (route.page === 'category') return <CategoryView type={route.type} rows={rows} />;
  return <ThreadView rows={rows} />;
}
