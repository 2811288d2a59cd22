// A yes/no question in the app's dialog, for the spec's delete confirmations; focus starts on Cancel.
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import styles from './Thread.module.css';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  question: string;
  confirmLabel: string;
  onConfirm(): Promise<void> | void;
}

export function ConfirmDialog({ open, onOpenChange, title, question, confirmLabel, onConfirm }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onOpenChange(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={question}>
      <div className={styles.dialogActions}>
        <DialogClose asChild>
          <Button autoFocus>Cancel</Button>
        </DialogClose>
        <Button variant="danger" disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
