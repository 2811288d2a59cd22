// The markdown editor with its toolbar, shared by Create Thread (12 rows) and the reply box (6 rows). Controlled
// through value/onChange; a ref gives focus(), insert(), insertBlock() and appendBlock() for quotes, images and video
// markers.
import {
  forwardRef,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './ContentEditor.module.css';
import { EditorToolbar } from './EditorToolbar.tsx';
import { appendBlock, applyFormat, insertBlock, insertText, type EditorState, type FormatTool } from './formatting.ts';

export interface ContentEditorHandle {
  focus(): void;
  /** Inserts at the caret, replacing any selection. */
  insert(text: string): void;
  /** Inserts on a line of its own. */
  insertBlock(text: string): void;
  /** Adds a block after all the text, a blank line apart, with the caret after it (a quote, then the answer). */
  appendBlock(text: string): void;
}

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'rows'>;

interface ContentEditorProps extends TextareaProps {
  value: string;
  onChange(value: string): void;
  rows: number;
}

const SHORTCUTS: Record<string, FormatTool> = { b: 'bold', i: 'italic', k: 'link' };

export const ContentEditor = forwardRef<ContentEditorHandle, ContentEditorProps>(function ContentEditor(
  { value, onChange, rows, className, ...textarea },
  ref,
) {
  const area = useRef<HTMLTextAreaElement>(null);
  // An edit made but not yet rendered: a second insert before the re-render (several uploads) builds on it.
  const pending = useRef<EditorState | null>(null);
  // Until the member puts the caret somewhere, inserts go at the end rather than at position 0.
  const placed = useRef(false);

  const current = (): EditorState => {
    if (pending.current) return pending.current;
    const el = area.current;
    if (!el || !placed.current) return { value, start: value.length, end: value.length };
    return { value: el.value, start: el.selectionStart, end: el.selectionEnd };
  };

  const apply = (edit: (state: EditorState) => EditorState) => {
    const next = edit(current());
    pending.current = next;
    onChange(next.value);
  };

  useLayoutEffect(() => {
    const next = pending.current;
    const el = area.current;
    if (!next || !el || el.value !== next.value) return;
    pending.current = null;
    placed.current = true;
    el.focus();
    el.setSelectionRange(next.start, next.end);
  }, [value]);

  useImperativeHandle(ref, () => ({
    focus: () => area.current?.focus(),
    insert: (text) => apply((s) => insertText(s, text)),
    insertBlock: (text) => apply((s) => insertBlock(s, text)),
    appendBlock: (text) => apply((s) => appendBlock(s.value, text)),
  }));

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const tool = SHORTCUTS[event.key.toLowerCase()];
    if (tool && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      apply((s) => applyFormat(s, tool));
    }
  };

  return (
    <div className={styles.editor}>
      <EditorToolbar
        onFormat={(tool) => apply((s) => applyFormat(s, tool))}
        onInsert={(text) => apply((s) => insertText(s, text))}
        onInsertBlock={(text) => apply((s) => insertBlock(s, text))}
      />
      <textarea
        ref={area}
        rows={rows}
        value={value}
        className={[styles.textarea, className].filter(Boolean).join(' ')}
        onChange={(e) => {
          pending.current = null;
          onChange(e.target.value);
        }}
        onSelect={() => {
          placed.current = true;
        }}
        onKeyDown={onKeyDown}
        {...textarea}
      />
    </div>
  );
});
