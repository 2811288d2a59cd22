// A short fixed list of options in the app's look: the platform's own select, so the phone opens its own picker, the
// keyboard works as everywhere, and the first screen that shows one (a category's sort) loads no code for it.
import { Icon } from './icons.tsx';
import styles from './Select.module.css';

interface SelectProps {
  value: string;
  onValueChange(value: string): void;
  options: { value: string; label: string }[];
  label: string;
  id?: string;
}

export function Select({ value, onValueChange, options, label, id }: SelectProps) {
  return (
    <span className={styles.select}>
      <select
        className={styles.control}
        aria-label={label}
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Icon name="chevronDown" size={16} className={styles.chevron} />
    </span>
  );
}
