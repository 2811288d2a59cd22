// The frame of the sign-in screens, outside the main layout: brand, a card, and the way back to the forum.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import styles from './auth.module.css';
import { BrandMark } from '../../ui/BrandMark.tsx';

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.column}>
        <Link to="/" className={styles.back}>
          ← Back to forum
        </Link>
        <div className={styles.card}>
          <div className={styles.brand}>
            <BrandMark size={48} />
            <h1>{title}</h1>
            <p>{subtitle}</p>
          </div>
          {children}
        </div>
      </div>
    </main>
  );
}

/** The server's refusal, under the form and spoken at once. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  );
}

export function OfflineNote({ action }: { action: string }) {
  return (
    <p className={styles.offlineNote} role="status">
      You are offline. {action} needs a connection.
    </p>
  );
}
