// Moving a thread to another category: a native select of every active category, grouped by type, as the create
// thread form has it (it reads the mirror, so it works offline).
import { useId, useState } from 'react';
import { CategoryOptions } from '../../ui/CategoryOptions.tsx';
import { useCategories } from '../../state/queries/categories.ts';
import { dataOrThrow } from '../../state/queries/useMirrorQuery.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import styles from './Thread.module.css';

interface MoveThreadDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  currentCategoryId: string;
  onMove(categoryId: string): Promise<void>;
}

/** The form inside the dialog: the dialog unmounts it when closed, so each opening starts at the current category. */
function MoveForm({ currentCategoryId, onMove, onOpenChange }: Omit<MoveThreadDialogProps, 'open'>) {
  const categories = dataOrThrow(useCategories());
  const id = useId();
  const [target, setTarget] = useState(currentCategoryId);
  const [busy, setBusy] = useState(false);
  const move = async () => {
    setBusy(true);
    try {
      await onMove(target);
    } finally {
      setBusy(false);
      onOpenChange(false);
    }
  };
  return (
    <>
      <label htmlFor={id} className={styles.dialogLabel}>
        Category
      </label>
      <select id={id} className={styles.dialogSelect} value={target} onChange={(e) => setTarget(e.target.value)}>
        <CategoryOptions categories={categories} />
      </select>
      <div className={styles.dialogActions}>
        <DialogClose asChild>
          <Button>Cancel</Button>
        </DialogClose>
        <Button variant="primary" disabled={busy || target === currentCategoryId} onClick={() => void move()}>
          Move Thread
        </Button>
      </div>
    </>
  );
}

export function MoveThreadDialog({ open, onOpenChange, ...form }: MoveThreadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Move thread" description="Choose the thread's new category.">
      <MoveForm onOpenChange={onOpenChange} {...form} />
    </Dialog>
  );
}
