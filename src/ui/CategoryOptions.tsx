// The categories as a native select's options, grouped by type (GuapCoin, Crypto, Support), for the create thread
// form and the move thread dialog alike.
import type { CategoryRow, CategoryType } from '../data/types.ts';

const GROUPS: { type: CategoryType; label: string }[] = [
  { type: 'guapcoin', label: 'GuapCoin' },
  { type: 'crypto', label: 'Crypto' },
  { type: 'support', label: 'Support' },
];

export function CategoryOptions({ categories }: { categories: CategoryRow[] | undefined }) {
  return GROUPS.map(({ type, label }) => {
    const options = (categories ?? []).filter((c) => c.type === type);
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
  });
}
