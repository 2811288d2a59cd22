// Which reading shortcut a key press asks for, as Discourse's: pure, so the rules (typing is never taken, modifiers
// are never taken, "g" then "h" within a moment) are tested without a page.

type ShortcutAction =
  'next' | 'previous' | 'open' | 'reply' | 'quote' | 'like' | 'bookmark' | 'search' | 'home' | 'help';

/** The parts of a keydown that decide a shortcut. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** What the key was pressed in: a field the member types in is never taken from them. */
  target: { tagName?: string; isContentEditable?: boolean } | null;
}

/** A "g" waiting for its second key, and when it was pressed. */
export interface Pending {
  key: 'g';
  at: number;
}

/** How long "g" waits for "h", as Discourse's sequences do. */
export const SEQUENCE_MS = 1500;

const SINGLE: Record<string, ShortcutAction> = {
  j: 'next',
  k: 'previous',
  o: 'open',
  Enter: 'open',
  r: 'reply',
  q: 'quote',
  l: 'like',
  b: 'bookmark',
  '/': 'search',
  '?': 'help',
};

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

function isTyping(target: KeyPress['target']): boolean {
  if (!target) return false;
  return target.isContentEditable === true || TYPING_TAGS.has((target.tagName ?? '').toUpperCase());
}

/** The action of a key press, if any, and the sequence left waiting after it. */
export function interpretKey(
  press: KeyPress,
  pending: Pending | null,
  now: number,
): { action: ShortcutAction | null; pending: Pending | null } {
  if (press.ctrlKey || press.metaKey || press.altKey || isTyping(press.target)) {
    return { action: null, pending: null };
  }
  if (pending && now - pending.at <= SEQUENCE_MS && press.key === 'h') return { action: 'home', pending: null };
  if (press.key === 'g') return { action: null, pending: { key: 'g', at: now } };
  return { action: SINGLE[press.key] ?? null, pending: null };
}
