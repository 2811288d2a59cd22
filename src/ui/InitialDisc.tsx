// An avatar's disc with the member's initial, as Avatar shows it until the picture loads: for placeholders painted
// before Radix's avatar code has loaded.
import styles from './Avatar.module.css';

export function InitialDisc({ initial, size = 32 }: { initial: string; size?: number }) {
  return (
    <span className={styles.root} style={{ width: size, height: size, fontSize: size * 0.42 }}>
      {initial}
    </span>
  );
}
