// The category picker, from the mirror so it works offline. A native select, grouped by type: a dozen or more
// options read and scroll better there than in a popup list, and phones show their own picker.
import { useId } from 'react';
import { useCategories } from '../../state/queries/categories.ts';
import { dataOrThrow } from '../../state/queries/useMirrorQuery.ts';
import { CategoryOptions } from '../../ui/CategoryOptions.tsx';
import styles from './CreateThreadPage.module.css';

interface CategorySelectProps {
  value: string;
  error?: string;
  onChange(categoryId: string): void;
}

export function CategorySelect({ value, error, onChange }: CategorySelectProps) {
  const categories = dataOrThrow(useCategories());
  const id = useId();
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
        <CategoryOptions categories={categories} />
      </select>
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
