// A Radix switch as a settings row: the label and its hint on the left, the switch on the right.
import { Switch as RadixSwitch } from 'radix-ui';
import { useId } from 'react';
import styles from './Switch.module.css';

interface SwitchRowProps {
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
}

export function SwitchRow({ label, hint, checked, onCheckedChange, disabled }: SwitchRowProps) {
  const id = useId();
  return (
    <div className={styles.row}>
      <div className={styles.text}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      </div>
      <RadixSwitch.Root
        id={id}
        className={styles.switch}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
      >
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
    </div>
  );
}
