// The YouTube tool (SPEC §5 "YouTube link"): a link to a video becomes the [youtube:ID] marker on its own line.
import { useState, type FormEvent } from 'react';
import { toast } from '../../state/toast.ts';
import { AppError } from '../../backend/errors.ts';
import { INVALID_YOUTUBE_URL, youTubeId, youTubeMarker } from '../../content/youtube.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { reportError } from '../../state/errors/reportError.ts';
import styles from './ContentEditor.module.css';

interface YouTubeDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onAdd(marker: string): void;
}

export function YouTubeDialog({ open, onOpenChange, onAdd }: YouTubeDialogProps) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();

  const close = (next: boolean) => {
    if (!next) {
      setUrl('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portaled out of the page's DOM but not out of React's tree: without this, the submit would
    // also reach the thread form around the editor and send it.
    event.stopPropagation();
    const id = youTubeId(url);
    if (!id) {
      setError(INVALID_YOUTUBE_URL);
      reportError(new AppError('invalid', INVALID_YOUTUBE_URL));
      return;
    }
    onAdd(youTubeMarker(id));
    toast.success('YouTube video added');
    close(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add YouTube video"
      description="Paste a link to the video. It shows as a player that loads only when a reader clicks it."
    >
      <form onSubmit={submit} noValidate>
        <Field
          label="YouTube URL"
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          value={url}
          error={error}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(undefined);
          }}
          autoFocus
        />
        <div className={styles.dialogActions}>
          <Button onClick={() => close(false)}>Cancel</Button>
          <Button type="submit" variant="primary">
            Add Video
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
