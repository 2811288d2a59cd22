// The confirmation before staff dismiss every open report of one member: a member reporting everything stands out
// in the Reports tab, and one action undoes it all.
import type { Reporter } from '../../backend/moderation.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { reporterName } from './ReporterList.tsx';
import styles from './Moderation.module.css';

interface DismissReporterDialogProps {
  reporter: Reporter | null;
  onClose(): void;
  onConfirm(reporter: Reporter): void;
}

export function DismissReporterDialog({ reporter, onClose, onConfirm }: DismissReporterDialogProps) {
  const count = reporter?.openReports ?? 0;
  return (
    <Dialog
      open={reporter !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Dismiss all reports"
      description={
        reporter
          ? `Dismiss all ${count} open ${count === 1 ? 'report' : 'reports'} from ${reporterName(reporter)}? ` +
            'Posts that their reports helped hide are shown again, unless other reports still hide them.'
          : undefined
      }
    >
      <div className={styles.dialogActions}>
        <DialogClose asChild>
          <Button autoFocus>Cancel</Button>
        </DialogClose>
        <Button
          variant="danger"
          onClick={() => {
            if (reporter) onConfirm(reporter);
            onClose();
          }}
        >
          Dismiss all
        </Button>
      </div>
    </Dialog>
  );
}
