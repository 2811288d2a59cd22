// Moving a thread to another category: a native select of every active category, grouped by type, as the create
// thread form has it (it reads the mirror, so it works offline).
import { useId, useState } from 'react';
import type { CategoryRow, CategoryType } from '../../data/types.ts';
import { useCategories } from '../../state/queries/categories.ts';
import { dataOrThrow } from '../../state/queries/useMirrorQuery.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import styles from './Thread.module.css';

const GROUPS: { type: CategoryType; label: string }[] = [
  { type: 'guapcoin', label: 'GuapCoin' },
  { type: 'crypto', label: 'Crypto' },
  { type: 'support', label: 'Support' },
];

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
  const byType = (type: CategoryType) => (categories ?? []).filter((c: CategoryRow) => c.type === type);
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
        {GROUPS.map(({ type, label }) => {
          const options = byType(type);
          return (
            options.length > 0 && (
              <optgroup key={type} label={label}>
                {options.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            )
          );
        })}
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
