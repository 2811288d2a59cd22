// Radix checkbox with its label, in the app's look.
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { useId } from 'react';
import styles from './Checkbox.module.css';

interface CheckboxProps {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  label: string;
}

export function Checkbox({ checked, onCheckedChange, label }: CheckboxProps) {
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
