// A labelled text area (a reason, a bio, a message) with its message under it, tied to it for screen readers: the
// error when there is one, announced as it appears, else the hint (a character count, say).
import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styles from './Field.module.css';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  hint?: string;
}

export function TextAreaField({ label, error, hint, rows = 4, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className={`${styles.input} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...textarea}
      />
      {error ? (
        <span id={messageId} className={styles.error} role="alert">
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
