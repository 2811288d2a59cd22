// The "?" dialog: every reading shortcut and what it does.
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './Shortcuts.module.css';

const SHORTCUTS: { keys: string[]; does: string }[] = [
  { keys: ['j', 'k'], does: 'Next / previous post, or thread in a list' },
  { keys: ['o', 'Enter'], does: 'Open the selected thread' },
  { keys: ['r'], does: 'Reply to the thread' },
  { keys: ['q'], does: 'Quote the selected post' },
  { keys: ['l'], does: 'Like the selected post' },
  { keys: ['b'], does: 'Bookmark the selected post' },
  { keys: ['/'], does: 'Search' },
  { keys: ['g', 'h'], does: 'Go home' },
  { keys: ['?'], does: 'Show these shortcuts' },
];

export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="They work anywhere but in a text field."
    >
      <dl className={styles.list}>
        {SHORTCUTS.map(({ keys, does }) => (
          <div key={does} className={styles.row}>
            <dt className={styles.keys}>
              {keys.map((key, i) => (
                <span key={key}>
                  {i > 0 && <span className="muted">{keys[0] === 'g' ? ' then ' : ' / '}</span>}
                  <kbd className={styles.kbd}>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd className={styles.does}>{does}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
