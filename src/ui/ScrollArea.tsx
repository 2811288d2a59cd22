// Radix scroll area: a thin themed scrollbar for panels that scroll on their own (the sidebar).
import { ScrollArea as RadixScrollArea } from 'radix-ui';
import type { ReactNode } from 'react';
import styles from './ScrollArea.module.css';

export function ScrollArea({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <RadixScrollArea.Root className={[styles.root, className].filter(Boolean).join(' ')} type="hover">
      <RadixScrollArea.Viewport className={styles.viewport}>{children}</RadixScrollArea.Viewport>
      <RadixScrollArea.Scrollbar className={styles.scrollbar} orientation="vertical">
        <RadixScrollArea.Thumb className={styles.thumb} />
      </RadixScrollArea.Scrollbar>
    </RadixScrollArea.Root>
  );
}
