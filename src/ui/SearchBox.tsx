// A screen's own search field (the directory's, the inbox's): a magnifier, a hidden label and a box that filters
// as the member types.
import { Icon } from './icons.tsx';
import styles from './SearchBox.module.css';

interface SearchBoxProps {
  value: string;
  onChange(value: string): void;
  /** Read to screen readers: what is searched. */
  label: string;
  placeholder: string;
  /** The screen's placement of the box (width, margins, background). */
  className?: string;
}

export function SearchBox({ value, onChange, label, placeholder, className }: SearchBoxProps) {
  return (
    <label className={className ? `${styles.search} ${className}` : styles.search}>
      <Icon name="search" size={18} aria-hidden />
      <span className="sr-only">{label}</span>
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
      />
    </label>
  );
}
