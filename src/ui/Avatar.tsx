// Radix avatar: the picture when it loads, else the initial on the gold disc. The disc has its size before either,
// so nothing around it moves when the picture arrives.
import { Avatar as RadixAvatar } from 'radix-ui';
import styles from './Avatar.module.css';

export function Avatar({ src, initial, size = 32 }: { src?: string | null; initial: string; size?: number }) {
  return (
    <RadixAvatar.Root className={styles.root} style={{ width: size, height: size, fontSize: size * 0.42 }}>
      {src && <RadixAvatar.Image className={styles.image} src={src} alt="" width={size} height={size} />}
      <RadixAvatar.Fallback>{initial}</RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
