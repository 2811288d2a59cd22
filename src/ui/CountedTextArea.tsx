// A dialog's few words (a bookmark's note, a report's reason): a labelled text area with its count against the
// limit under it and the problem, when there is one, announced as it appears; both tied to it for screen readers.
import { useId } from 'react';
import styles from './CountedTextArea.module.css';

interface CountedTextAreaProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The length as the rule counts it (trimmed, say), and the rule's limit. */
  count: number;
  max: number;
  error: string | null;
  placeholder?: string;
}

export function CountedTextArea({ label, value, onChange, count, max, error, placeholder }: CountedTextAreaProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-text`} className={styles.label}>
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        className={styles.text}
        rows={4}
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={`${id}-count`} className={`muted ${styles.count}`} data-over={count > max || undefined}>
        {count}/{max}
      </span>
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}
