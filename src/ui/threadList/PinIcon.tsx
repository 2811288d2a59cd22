// The pin shown before a pinned thread's title, named for screen readers.
import { PathIcon } from '../icons.tsx';

export function PinIcon() {
  return (
    <PathIcon
      d="M9 4h6l-1 6 4 3v2H6v-2l4-3zM12 15v6"
      size={16}
      strokeWidth={2}
      title="Pinned"
      style={{ color: 'var(--accent-text)', flex: 'none' }}
    />
  );
}
