// The pin shown before a pinned thread's title, named for screen readers.
export function PinIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role="img"
      aria-label="Pinned"
      style={{ color: 'var(--accent-text)', flex: 'none' }}
    >
      <title>Pinned</title>
      <path d="M9 4h6l-1 6 4 3v2H6v-2l4-3zM12 15v6" />
    </svg>
  );
}
