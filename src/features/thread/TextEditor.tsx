// The small text box used to edit a post or a failed write: Save is off while the text is blank (SPEC §5).
import { useId, useState } from 'react';
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
  const save = async () => {
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
      />
      <div className={styles.formActions}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={busy || text.trim() === ''}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
