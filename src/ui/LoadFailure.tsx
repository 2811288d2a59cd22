// A list that could not be loaded: the spec's two lines ('Failed to load …', 'Please try refreshing the page'),
// full width in the place of the list.
import styles from './LoadFailure.module.css';

export function LoadFailure({ title, className }: { title: string; className?: string }) {
  return (
    <div className={[styles.box, className].filter(Boolean).join(' ')} role="alert">
      <p className={styles.title}>{title}</p>
      <p className="muted">Please try refreshing the page</p>
    </div>
  );
}
