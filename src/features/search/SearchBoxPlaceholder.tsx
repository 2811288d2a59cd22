// The header search box as the first paint shows it, while the real one (HeaderSearch: instant search over the
// mirror, its dropdown and keys) loads just after: the same box and words, not yet editable.
import { Icon } from '../../ui/icons.tsx';
import styles from './HeaderSearch.module.css';

/** SPEC §1: the header search box's placeholder. */
export const SEARCH_PLACEHOLDER = 'Search threads, users, or topics...';

export function SearchBoxPlaceholder() {
  return (
    <form role="search" className={styles.search} onSubmit={(e) => e.preventDefault()}>
      <Icon name="search" size={18} className={styles.icon} />
      <input type="search" aria-label="Search" placeholder={SEARCH_PLACEHOLDER} readOnly aria-busy="true" />
    </form>
  );
}
