// Radix tooltip in the app's look; shown on hover and on keyboard focus. It brings its own provider so a
// screen can load it lazily.
import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import styles from './Tooltip.module.css';

export function Tooltip({
  label,
  side = 'right',
  disabled,
  children,
}: {
  label: string;
  side?: 'top' | 'right' | 'bottom' | 'left';
  disabled?: boolean;
  children: ReactNode;
}) {
  if (disabled) return children;
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className={styles.content} side={side} sideOffset={8}>
            {label}
            <RadixTooltip.Arrow className={styles.arrow} />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
