// The editor's toolbar (SPEC §2): formatting tools, image/GIF upload, YouTube and emoji. Every tool has a name and
// a tooltip; Tab reaches each one and the arrow keys also move between them, as in the WAI-ARIA toolbar pattern.
import { forwardRef, useRef, useState, type ButtonHTMLAttributes, type KeyboardEvent } from 'react';
import { noConnection } from '../../backend/errors.ts';
import { FAILURES, OFFLINE_UPLOAD } from '../../backend/failureTexts.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';
import styles from './ContentEditor.module.css';
import { EmojiPicker, EmojiPickerTrigger } from './EmojiPicker.tsx';
import type { FormatTool } from './formatting.ts';
import { ToolIcon, type ToolIconName } from './ToolIcon.tsx';
import { useImageUpload } from './useImageUpload.ts';
import { lazyWhenOpen } from '../../ui/lazyWhenOpen.tsx';

const YouTubeDialog = lazyWhenOpen(() => import('./YouTubeDialog.tsx').then((m) => m.YouTubeDialog));

const FORMAT_TOOLS: { tool: FormatTool; label: string }[] = [
  { tool: 'bold', label: 'Bold (Ctrl+B)' },
  { tool: 'italic', label: 'Italic (Ctrl+I)' },
  { tool: 'heading', label: 'Heading' },
  { tool: 'link', label: 'Link (Ctrl+K)' },
  { tool: 'code', label: 'Code' },
  { tool: 'quote', label: 'Quote' },
  { tool: 'bulletList', label: 'Bullet list' },
  { tool: 'numberedList', label: 'Numbered list' },
];

const ToolButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { icon: ToolIconName }>(
  function ToolButton({ icon, className, ...rest }, ref) {
    return (
      <button ref={ref} type="button" className={[styles.tool, className].filter(Boolean).join(' ')} {...rest}>
        <ToolIcon name={icon} />
      </button>
    );
  },
);

/** Arrow keys, Home and End move between the tools (WAI-ARIA toolbar pattern). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowRight', 'ArrowLeft', 'Home', 'End'];
  if (!keys.includes(event.key) || !(event.target instanceof HTMLButtonElement)) return;
  const tools = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(`.${styles.tool}:not(:disabled)`)];
  const index = tools.indexOf(event.target);
  if (index === -1) return;
  event.preventDefault();
  const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tools.length - 1 }[event.key]!;
  tools[(next + tools.length) % tools.length]?.focus();
}

interface EditorToolbarProps {
  onFormat(tool: FormatTool): void;
  onInsert(text: string): void;
  onInsertBlock(text: string): void;
}

export function EditorToolbar({ onFormat, onInsert, onInsertBlock }: EditorToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [videoOpen, setVideoOpen] = useState(false);
  const { upload, uploading, online } = useImageUpload(onInsertBlock);
  const uploadLabel = uploading ? 'Uploading…' : online ? 'Upload image or GIF' : OFFLINE_UPLOAD;

  const onFiles = async (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    try {
      await upload(files);
    } finally {
      // Reset, so choosing the same file again fires a change.
      input.value = '';
    }
  };

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className={styles.toolbar}
      onKeyDown={moveFocus}
      data-uploading={uploading || undefined}
    >
      {FORMAT_TOOLS.map(({ tool, label }) => (
        <Tooltip key={tool} label={label} side="top">
          <ToolButton icon={tool} aria-label={label.replace(/ \(.*\)$/, '')} onClick={() => onFormat(tool)} />
        </Tooltip>
      ))}
      <span className={styles.separator} aria-hidden />
      <Tooltip label={uploadLabel} side="top">
        <ToolButton
          icon="image"
          aria-label={uploadLabel}
          aria-busy={uploading || undefined}
          aria-disabled={!online || uploading || undefined}
          className={uploading ? styles.busy : undefined}
          onClick={() => {
            if (!online) reportError(noConnection(), FAILURES.upload);
            else if (!uploading) fileInput.current?.click();
          }}
        />
      </Tooltip>
      <input
        ref={fileInput}
        type="file"
        accept="image/*,video/gif"
        multiple
        hidden
        data-testid="editor-file-input"
        onChange={(e) => void onFiles(e.currentTarget)}
      />
      <Tooltip label="Add YouTube video" side="top">
        <ToolButton icon="video" aria-label="Add YouTube video" onClick={() => setVideoOpen(true)} />
      </Tooltip>
      <EmojiPicker
        onPick={onInsert}
        trigger={
          <Tooltip label="Insert emoji" side="top">
            <EmojiPickerTrigger asChild>
              <ToolButton icon="emoji" aria-label="Insert emoji" />
            </EmojiPickerTrigger>
          </Tooltip>
        }
      />
      <YouTubeDialog open={videoOpen} onOpenChange={setVideoOpen} onAdd={onInsertBlock} />
      {uploading && (
        <span className={styles.status} role="status">
          Uploading…
        </span>
      )}
    </div>
  );
}
