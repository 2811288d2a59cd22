// Radix switch and checkbox, each with its label, in the app's look.
import { Checkbox as RadixCheckbox, Switch as RadixSwitch } from 'radix-ui';
import { useId } from 'react';
import styles from './Toggle.module.css';

interface ToggleProps {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  label: string;
}

export function Switch({ checked, onCheckedChange, label }: ToggleProps) {
  const id = useId();
  return (
    <div className={styles.row}>
      <RadixSwitch.Root id={id} className={styles.switch} checked={checked} onCheckedChange={onCheckedChange}>
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function Checkbox({ checked, onCheckedChange, label }: ToggleProps) {
  const id = useId();
  return (
    <div className={styles.row}>
      <RadixCheckbox.Root
        id={id}
        className={styles.checkbox}
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
      >
        <RadixCheckbox.Indicator>
          <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={3} aria-hidden>
            <path d="M5 12l5 5L20 7" />
          </svg>
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
