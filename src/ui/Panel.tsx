// A centred message panel: coming soon, not found, access denied, errors.
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';
import styles from './Panel.module.css';

export function Panel({
  icon,
  title,
  children,
  actions,
}: {
  icon: IconName;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className={styles.panel}>
      <span className={styles.icon}>
        <Icon name={icon} size={28} />
      </span>
      <h1>{title}</h1>
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
