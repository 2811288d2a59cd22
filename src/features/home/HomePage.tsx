// The home page: hero, category cards and the recent threads (SPEC §2 "Home page").
import { listAge } from '../../lib/relativeTime.ts';
import type { Category, ThreadSummary } from '../../backend/forum.ts';
import { RoleBadge } from '../../ui/RoleBadge.tsx';
import { useCategories, useLatestThreads } from './useHomeData.ts';

function Placeholders({ count, className }: { count: number; className: string }) {
  return Array.from({ length: count }, (_, i) => <div key={i} className={`${className} skeleton`} aria-hidden />);
}

function CategoryCard({ category }: { category: Category }) {
  return (
    <a
      className="card category-card"
      href={`/category/${category.type}?cat=${category.slug}`}
      data-testid="category-card"
    >
      <span className="category-dot" style={{ background: category.color ?? 'var(--accent)' }} />
      <span className="category-name">{category.name}</span>
      {category.description && <span className="muted">{category.description}</span>}
    </a>
  );
}

function ThreadRow({ thread }: { thread: ThreadSummary }) {
  return (
    <li className="thread-row" data-testid="thread-row">
      <a href={`/t/${thread.slug}`} className="thread-title">
        {thread.is_pinned && <span aria-label="Pinned">📌 </span>}
        {thread.title}
      </a>
      <span className="muted thread-meta">
        {thread.author?.username ?? 'unknown'} <RoleBadge role={thread.author?.role} /> in {thread.category?.name} ·{' '}
        {thread.reply_count} {thread.reply_count === 1 ? 'reply' : 'replies'} · {listAge(thread.created_at)}
      </span>
    </li>
  );
}

export function HomePage() {
  const categories = useCategories();
  const threads = useLatestThreads();
  return (
    <div className="home">
      <section className="hero">
        <h1>Welcome to the GuapCoin Forum</h1>
        <p className="muted">
          News, help and discussion for everyone who holds, builds with or is curious about GUAPX.
        </p>
        <div className="hero-actions">
          <a className="button primary" href="/create-thread">
            Start a Discussion
          </a>
          <a className="button" href="/auth?register=true">
            Signup here
          </a>
        </div>
      </section>

      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">Categories</h2>
        <div className="category-grid">
          {categories.state === 'loading' && <Placeholders count={3} className="card category-card" />}
          {categories.state === 'failed' && <p className="error">{categories.message}</p>}
          {categories.state === 'ready' && categories.data.map((c) => <CategoryCard key={c.id} category={c} />)}
        </div>
      </section>

      <section aria-labelledby="recent-heading">
        <div className="section-head">
          <h2 id="recent-heading">Recent Threads</h2>
          <a href="/threads">View All</a>
        </div>
        <ul className="thread-list">
          {threads.state === 'loading' && <Placeholders count={5} className="thread-row" />}
          {threads.state === 'failed' && <li className="error">{threads.message}</li>}
          {threads.state === 'ready' && threads.data.map((t) => <ThreadRow key={t.id} thread={t} />)}
        </ul>
      </section>
    </div>
  );
}
