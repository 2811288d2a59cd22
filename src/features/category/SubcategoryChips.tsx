// The subcategory chips: All, then each active subcategory as /category/{type}?cat={slug}.
import { Link } from '@tanstack/react-router';
import type { CategoryRow } from '../../data/types.ts';
import type { CategorySearch } from './categorySearch.ts';
import styles from './CategoryPage.module.css';

export function SubcategoryChips({
  type,
  categories,
  search,
}: {
  type: string;
  categories: CategoryRow[];
  search: CategorySearch;
}) {
  const chip = (slug: string | undefined, name: string, color?: string | null) => (
    <li key={slug ?? ''}>
      <Link
        to="/category/$type"
        params={{ type }}
        search={{ cat: slug, sort: search.sort }}
        className={styles.chip}
        // Exact search match: the router marks only the shown chip aria-current, never "All" as well.
        activeOptions={{ exact: true, includeSearch: true }}
        data-testid="subcategory-chip"
      >
        {color && <span className={styles.chipDot} style={{ background: color }} aria-hidden />}
        {name}
      </Link>
    </li>
  );
  return (
    <nav aria-label="Subcategories">
      <ul className={styles.chips}>
        {chip(undefined, 'All')}
        {categories.map((c) => chip(c.slug, c.name, c.color))}
      </ul>
    </nav>
  );
}
