// Radix avatar: the picture when it loads, else the member's initials (lib/initials.ts, the one rule for every
// screen) on the gold disc. The disc has its size before either, so nothing around it moves when the picture arrives.
import { Avatar as RadixAvatar } from 'radix-ui';
import { initials, type AvatarPerson } from '../lib/initials.ts';
import styles from './Avatar.module.css';

interface AvatarProps {
  src?: string | null;
  /** Whom it stands for; null for a deleted or unknown member. */
  person: AvatarPerson | null | undefined;
  /** The name to draw from when the person has none (the header: the email before the at-sign). */
  fallback?: string | null;
  size?: number;
}

export function Avatar({ src, person, fallback, size = 32 }: AvatarProps) {
  return (
    <RadixAvatar.Root className={styles.root} style={{ width: size, height: size, fontSize: size * 0.42 }}>
      {src && <RadixAvatar.Image className={styles.image} src={src} alt="" width={size} height={size} />}
      <RadixAvatar.Fallback>{initials(person, fallback)}</RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
