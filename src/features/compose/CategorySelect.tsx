// The category picker, from the mirror so it works offline. A native select, grouped by type: a dozen or more
// options read and scroll better there than in a popup list, and phones show their own picker.
import { useId } from 'react';
import { useCategories } from '../../state/queries/categories.ts';
import { dataOrThrow } from '../../state/queries/useMirrorQuery.ts';
import type { CategoryRow, CategoryType } from '../../data/types.ts';
import styles from './CreateThreadPage.module.css';

const GROUPS: { type: CategoryType; label: string }[] = [
  { type: 'guapcoin', label: 'GuapCoin' },
  { type: 'crypto', label: 'Crypto' },
  { type: 'support', label: 'Support' },
];

interface CategorySelectProps {
  value: string;
  error?: string;
  onChange(categoryId: string): void;
}

export function CategorySelect({ value, error, onChange }: CategorySelectProps) {
  const categories = dataOrThrow(useCategories());
  const id = useId();
  const byType = (type: CategoryType) => (categories ?? []).filter((c: CategoryRow) => c.type === type);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Category
      </label>
      <select
        id={id}
        data-field="categoryId"
        className={styles.select}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{categories ? 'Select a category' : 'Loading categories…'}</option>
        {GROUPS.map(({ type, label }) => {
          const options = byType(type);
          return (
            options.length > 0 && (
              <optgroup key={type} label={label}>
                {options.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            )
          );
        })}
      </select>
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
