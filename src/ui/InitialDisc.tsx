// An avatar's disc with the member's initials, as Avatar shows it until the picture loads: for placeholders painted
// before Radix's avatar code has loaded.
import { initials, type AvatarPerson } from '../lib/initials.ts';
import styles from './Avatar.module.css';

export function InitialDisc({
  person,
  fallback,
  size = 32,
}: {
  person: AvatarPerson | null | undefined;
  fallback?: string | null;
  size?: number;
}) {
  return (
    <span className={styles.root} style={{ width: size, height: size, fontSize: size * 0.42 }}>
      {initials(person, fallback)}
    </span>
  );
}
