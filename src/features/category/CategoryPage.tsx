// /category/{type} (SPEC §2 "Category page"): heading, subcategory chips, sort menu, and one page of threads from
// the mirror, pinned first in every sort; a member marks the category's threads read.
import { Link, useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { categoryHeading } from '../../data/categoryTypes.ts';
import { THREAD_SORTS, isThreadSort } from '../../data/sortThreads.ts';
import { useSubcategories } from '../../state/queries/categories.ts';
import { CATEGORY_PAGE_SIZE, useCategoryThreads } from '../../state/queries/categoryThreads.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { MarkAllReadButton } from '../../ui/threadList/MarkAllReadButton.tsx';
import { Pager } from '../../ui/threadList/Pager.tsx';
import { ThreadListView } from '../../ui/threadList/ThreadListView.tsx';
import { CategoryEmpty } from './CategoryEmpty.tsx';
import { parseCategorySearch } from './categorySearch.ts';
import { SubcategoryChips } from './SubcategoryChips.tsx';
import styles from './CategoryPage.module.css';

export function CategoryPage() {
  const { type } = useParams({ from: '/shell/category/$type' });
  const search = parseCategorySearch(useRouterState({ select: (s) => s.location.search as Record<string, unknown> }));
  const { cat, sort = 'latest', page = 1 } = search;
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.user !== null);

  const chips = useSubcategories(type);
  const threads = useCategoryThreads(type, { cat, sort, page });
  const current = chips.state === 'ready' ? chips.data.find((c) => c.slug === cat) : undefined;
  // The category chosen with ?cat=, else every category of the page's type.
  const shown = useMemo(
    () => (current ? [current.id] : chips.state === 'ready' ? chips.data.map((c) => c.id) : []),
    [current, chips],
  );

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.heading}>{categoryHeading(type)}</h1>
          {current && (
            <p className={styles.sub}>
              <strong>{current.name}</strong>
              {current.description && <span className="muted"> · {current.description}</span>}
            </p>
          )}
        </div>
        {signedIn ? (
          <ButtonLink to="/create-thread" variant="primary">
            New Thread
          </ButtonLink>
        ) : (
          <ButtonLink to="/auth">Sign in to post</ButtonLink>
        )}
      </header>

      {chips.state === 'ready' && chips.data.length > 0 && (
        <SubcategoryChips type={type} categories={chips.data} search={search} />
      )}

      <div className={styles.toolbar}>
        <label htmlFor="thread-sort" className="muted">
          Sort by
        </label>
        <Select
          id="thread-sort"
          label="Sort threads"
          value={sort}
          options={THREAD_SORTS}
          onValueChange={(value) =>
            void navigate({
              to: '/category/$type',
              params: { type },
              search: { cat, sort: isThreadSort(value) && value !== 'latest' ? value : undefined },
            })
          }
        />
        {signedIn && (
          <span className={styles.markAll}>
            <MarkAllReadButton categoryIds={shown} />
          </span>
        )}
      </div>

      <ThreadListView result={threads} empty={<CategoryEmpty signedIn={signedIn} />} />
      {threads.state === 'ready' && (
        <Pager
          page={page}
          pages={Math.ceil(threads.data.total / CATEGORY_PAGE_SIZE)}
          link={(to, text) => (
            <Link
              to="/category/$type"
              params={{ type }}
              search={{ cat, sort: search.sort, page: to > 1 ? to : undefined }}
            >
              {text}
            </Link>
          )}
        />
      )}
    </div>
  );
}
