// Where the items come from: the sample, a .json or .csv file, or JSON pasted in the box (invalid JSON is ignored
// silently while it is typed, as the spec says).
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { toast } from '../../state/toast.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { Button } from '../../ui/Button.tsx';
import { UploadIcon } from '../../ui/UploadIcon.tsx';
import styles from './BulkCreatePage.module.css';
import { PARSE_FAILED, parseBulkFile, parsePastedJson, type BulkItem } from './parseBulk.ts';
import { SAMPLE_ITEMS } from './sampleData.ts';

const PLACEHOLDER = '[\n  { "title": "Thread title", "content": "The opening post of the thread" }\n]';

const loadedText = (n: number) => `Loaded ${n} ${n === 1 ? 'thread' : 'threads'}`;

export function BulkSource({ onLoad }: { onLoad(items: BulkItem[]): void }) {
  const [pasted, setPasted] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { paste: useId(), formats: useId() };

  const loadSample = () => {
    setPasted(JSON.stringify(SAMPLE_ITEMS, null, 2));
    onLoad(SAMPLE_ITEMS);
    toast.success('Sample data loaded');
  };

  const paste = (text: string) => {
    setPasted(text);
    const items = parsePastedJson(text);
    if (items) onLoad(items);
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared, so choosing the same file again (after fixing it) reads it again.
    input.value = '';
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      reportError(error, { failed: PARSE_FAILED });
      onLoad([]);
      return;
    }
    const result = parseBulkFile(file.name, text);
    setPasted('');
    if (!result.ok) {
      // A refused file leaves nothing behind in the preview that could be created by mistake.
      onLoad([]);
      toast.error(result.error);
      return;
    }
    onLoad(result.items);
    toast.success(loadedText(result.items.length));
  };

  return (
    <>
      <div className={styles.sourceButtons}>
        <Button onClick={loadSample}>Load sample data</Button>
        <Button onClick={() => fileInput.current?.click()} aria-describedby={ids.formats}>
          <UploadIcon size={18} />
          Upload JSON or CSV
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,.csv,application/json,text/csv"
          className={styles.fileInput}
          aria-label="Upload a JSON or CSV file"
          data-testid="bulk-file-input"
          tabIndex={-1}
          onChange={(e) => void readFile(e)}
        />
      </div>
      <p id={ids.formats} className={styles.hint}>
        JSON: an array of objects with <code>title</code> and <code>content</code>, or one such object. CSV: title, then
        content, one thread per row; a first row containing &ldquo;title&rdquo; is a header. Quote a field that holds
        commas or line breaks.
      </p>
      <div className={styles.field}>
        <label htmlFor={ids.paste} className={styles.label}>
          Paste JSON
        </label>
        <textarea
          id={ids.paste}
          className={styles.textarea}
          rows={8}
          spellCheck={false}
          placeholder={PLACEHOLDER}
          value={pasted}
          onChange={(e) => paste(e.target.value)}
        />
      </div>
    </>
  );
}
