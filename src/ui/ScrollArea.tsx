// Radix scroll area: a thin themed scrollbar for boxes that scroll on their own (raw JSON, long lists).
import { ScrollArea as RadixScrollArea } from 'radix-ui';
import type { ReactNode } from 'react';
import styles from './ScrollArea.module.css';

export function ScrollArea({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <RadixScrollArea.Root className={[styles.root, className].filter(Boolean).join(' ')} type="hover">
      <RadixScrollArea.Viewport className={styles.viewport} tabIndex={0}>
        {children}
      </RadixScrollArea.Viewport>
      <RadixScrollArea.Scrollbar className={styles.scrollbar} orientation="vertical">
        <RadixScrollArea.Thumb className={styles.thumb} />
      </RadixScrollArea.Scrollbar>
    </RadixScrollArea.Root>
  );
}
