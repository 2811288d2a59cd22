// Radix select in the app's look, for a short fixed list of options.
import { Select as RadixSelect } from 'radix-ui';
import { Icon } from './icons.tsx';
import styles from './Select.module.css';

interface SelectProps {
  value: string;
  onValueChange(value: string): void;
  options: { value: string; label: string }[];
  label: string;
  id?: string;
}

export function Select({ value, onValueChange, options, label, id }: SelectProps) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange}>
      <RadixSelect.Trigger className={styles.trigger} aria-label={label} id={id}>
        <RadixSelect.Value />
        <RadixSelect.Icon>
          <Icon name="chevronDown" size={16} />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className={styles.content} position="popper" sideOffset={6}>
          <RadixSelect.Viewport className={styles.viewport}>
            {options.map((o) => (
              <RadixSelect.Item key={o.value} value={o.value} className={styles.item}>
                <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
