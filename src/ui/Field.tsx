// A labelled text input with its validation message tied to it for screen readers.
import { useId, type InputHTMLAttributes } from 'react';
import styles from './Field.module.css';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
}

export function Field({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...input}
      />
      {error ? (
        <span id={messageId} className={styles.error}>
          {error}
        </span>
      ) : (
        hint && (
          <span id={messageId} className={styles.hint}>
            {hint}
          </span>
        )
      )}
    </div>
  );
}
