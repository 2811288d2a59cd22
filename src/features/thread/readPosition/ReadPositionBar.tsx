// "Jump to latest", and after a jump "Back to where I was", kept at the bottom of the window while reading.
import { Button } from '../../../ui/Button.tsx';
import styles from './ReadPosition.module.css';

export function ReadPositionBar({ onLatest, onBack }: { onLatest?: () => void; onBack?: () => void }) {
  if (!onLatest && !onBack) return null;
  return (
    <div className={styles.bar} role="toolbar" aria-label="Reading position">
      {onBack && <Button onClick={onBack}>Back to where I was</Button>}
      {onLatest && (
        <Button variant="primary" onClick={onLatest}>
          Jump to latest
        </Button>
      )}
    </div>
  );
}
