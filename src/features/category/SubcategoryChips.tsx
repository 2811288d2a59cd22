// The subcategory chips: All, then each active subcategory as /category/{type}?cat={slug}. On a phone they scroll
// sideways, and the current one is brought into view (a deep link may name the last).
import { Link } from '@tanstack/react-router';
import { useLayoutEffect, useRef } from 'react';
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
  const list = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const strip = list.current;
    const current = strip?.querySelector('[aria-current="page"]');
    if (!strip || !current) return;
    const box = strip.getBoundingClientRect();
    const chipBox = current.getBoundingClientRect();
    // Sideways only, within the strip: the page itself must not jump.
    if (chipBox.left < box.left || chipBox.right > box.right) {
      strip.scrollLeft += chipBox.left - box.left - (box.width - chipBox.width) / 2;
    }
  }, [search.cat, categories.length]);
  return (
    <nav aria-label="Subcategories">
      <ul className={styles.chips} ref={list}>
        {chip(undefined, 'All')}
        {categories.map((c) => chip(c.slug, c.name, c.color))}
      </ul>
    </nav>
  );
}
