// Shared pieces of the developer pages: a titled card and a raw JSON view.
import type { ReactNode } from 'react';
import { ScrollArea } from '../../ui/ScrollArea.tsx';
import styles from './debug.module.css';

export function DebugPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        {title} <span className={styles.tag}>Developer tools</span>
      </h1>
      {children}
    </div>
  );
}

export function DebugCard({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className={styles.card} aria-label={title}>
      <h2>{title}</h2>
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}

export function Json({ value }: { value: unknown }) {
  return (
    <ScrollArea className={styles.jsonScroll}>
      <pre className={styles.json}>{JSON.stringify(value, null, 2) ?? 'undefined'}</pre>
    </ScrollArea>
  );
}

export function Outcome({ ok, children }: { ok: boolean; children: ReactNode }) {
  return <p className={ok ? styles.ok : styles.bad}>{children}</p>;
}
