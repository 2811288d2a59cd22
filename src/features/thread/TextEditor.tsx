// The small text box used to edit a post or a failed write: Save is off while the text is blank (SPEC §5) or longer
// than the database takes.
import { useId, useState } from 'react';
import { CONTENT_TOO_LONG, isTooLong } from '../../content/postLength.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Thread.module.css';

interface TextEditorProps {
  label: string;
  initial: string;
  saveLabel: string;
  onSave(text: string): Promise<void> | void;
  onCancel(): void;
}

export function TextEditor({ label, initial, saveLabel, onSave, onCancel }: TextEditorProps) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const tooLong = isTooLong(text);
  const save = async () => {
    if (tooLong || text.trim() === '') return;
    setBusy(true);
    try {
      await onSave(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className={styles.editor}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={6}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onCancel()}
        autoFocus
        aria-invalid={tooLong || undefined}
        aria-describedby={tooLong ? `${id}-error` : undefined}
      />
      <div className={styles.formActions}>
        {tooLong && (
          <span id={`${id}-error`} role="alert" className={styles.fieldError}>
            {CONTENT_TOO_LONG}
          </span>
        )}
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={busy || tooLong || text.trim() === ''}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
