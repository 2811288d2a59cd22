// What the moderation panel says, worked out from the rows it reads: pure, so it is tested on its own.
import { relativeAge } from '../../lib/relativeTime.ts';

/** SPEC §2: the Role select's options, in its order. */
export const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'moderator', label: 'Moderator' },
  { value: 'admin', label: 'Admin' },
];

/** SPEC §5 "Ban". */
export const BAN_REASON_REQUIRED = 'Please provide a reason for the ban';

/** SPEC §8: the ban confirmation, with its note when all posts will be deleted. */
export function banConfirmation(username: string, deletePosts: boolean): string {
  const ask = `Are you sure you want to ban ${username}?`;
  return deletePosts ? `${ask} All of ${username}'s posts will be deleted. This cannot be undone.` : ask;
}

/** 'just now', else '5m ago', '3d ago' (SPEC §9's units). */
export function ago(iso: string, now: number): string {
  const age = relativeAge(iso, now);
  return age === 'just now' ? age : `${age} ago`;
}

const REASON_NAMES: Record<string, string> = {
  spam: 'Spam',
  abusive: 'Abusive',
  off_topic: 'Off-topic',
  other: 'Other',
  illegal: 'Illegal',
  something_else: 'Something else',
};

export const reasonName = (reason: string) => REASON_NAMES[reason] ?? reason;

/** Each reason once, with how many reports gave it: 'Spam ×2', 'Other'. */
export function reasonSummary(reasons: string[]): string[] {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => (n > 1 ? `${reasonName(reason)} ×${n}` : reasonName(reason)));
}

/** The audit log's actions (the contract's list), as the Log's filter offers them. */
export const LOG_ACTIONS: { value: string; label: string }[] = [
  { value: 'role_change', label: 'Role change' },
  { value: 'ban', label: 'Ban' },
  { value: 'unban', label: 'Unban' },
  { value: 'delete_post', label: 'Delete post' },
  { value: 'delete_thread', label: 'Delete thread' },
  { value: 'pin', label: 'Pin' },
  { value: 'unpin', label: 'Unpin' },
  { value: 'lock', label: 'Lock' },
  { value: 'unlock', label: 'Unlock' },
  { value: 'mark_ad', label: 'Mark as ad' },
  { value: 'unmark_ad', label: 'Unmark as ad' },
  { value: 'move_thread', label: 'Move thread' },
  { value: 'report_post', label: 'Report post' },
  { value: 'dismiss_report', label: 'Dismiss report' },
  { value: 'resolve_report', label: 'Resolve report' },
  { value: 'review_agree', label: 'Review: agree' },
  { value: 'review_disagree', label: 'Review: disagree' },
  { value: 'review_ignore', label: 'Review: ignore' },
  { value: 'silence', label: 'Silence' },
  { value: 'suspend', label: 'Suspend' },
  { value: 'lift_penalty', label: 'Lift penalty' },
  { value: 'trust_level', label: 'Trust level' },
  { value: 'watched_word', label: 'Watched word' },
];

const ACTION_NAMES = new Map(LOG_ACTIONS.map((a) => [a.value, a.label]));

const ROLE_NAMES: Record<string, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' };

const OUTCOMES: Record<string, string> = {
  dismissed: 'dismissed',
  post_deleted: 'post deleted',
  author_banned: 'author banned',
  reporter_dismissed: 'all from one reporter',
};

type Details = Record<string, unknown>;

const field = (details: Details, key: string) => {
  const value = details[key];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
};

/** What a log row says was done, with the facts its details hold: 'Role change: User → Moderator'. */
export function describeAction(action: string, raw: unknown): string {
  const name = ACTION_NAMES.get(action) ?? action;
  const details: Details = typeof raw === 'object' && raw !== null ? (raw as Details) : {};
  if (action === 'role_change') {
    const from = field(details, 'from');
    const to = field(details, 'to');
    if (typeof from === 'string' && typeof to === 'string')
      return `${name}: ${ROLE_NAMES[from] ?? from} → ${ROLE_NAMES[to] ?? to}`;
  }
  if (action === 'ban' && field(details, 'delete_posts') === true) return `${name}, posts deleted`;
  if (action === 'move_thread') {
    const from = field(details, 'from_category');
    const to = field(details, 'to_category');
    if (typeof from === 'string' && typeof to === 'string') return `${name}: ${from} → ${to}`;
  }
  if (action === 'silence' || action === 'suspend') {
    const days = field(details, 'days');
    if (typeof days === 'number') return `${name}: ${days} ${days === 1 ? 'day' : 'days'}`;
  }
  if (action === 'report_post') {
    const reason = field(details, 'reason');
    if (typeof reason === 'string') return `${name}: ${reasonName(reason)}`;
  }
  if (action === 'dismiss_report' || action === 'resolve_report') {
    const reports = field(details, 'reports');
    const outcome = field(details, 'outcome');
    const parts = [
      typeof reports === 'number' ? `${reports} report${reports === 1 ? '' : 's'}` : undefined,
      typeof outcome === 'string' ? (OUTCOMES[outcome] ?? outcome) : undefined,
    ].filter(Boolean);
    if (parts.length) return `${name} (${parts.join(', ')})`;
  }
  return name;
}

/** The log actions done to a thread, whose row names it (20261128000600_new_user_defects.sql). */
const THREAD_TOOL_ACTIONS = new Set(['pin', 'unpin', 'lock', 'unlock', 'mark_ad', 'unmark_ad', 'move_thread']);

/** The thread a log row is about, as it was titled then; null for other rows, and for rows written before titles. */
export function loggedThreadTitle(action: string, raw: unknown): string | null {
  if (!THREAD_TOOL_ACTIONS.has(action) || typeof raw !== 'object' || raw === null) return null;
  const title = field(raw as Details, 'title');
  return typeof title === 'string' && title !== '' ? title : null;
}

/** Whether a log row is about a thread (its Whom column names the thread, then the author). */
export function isThreadToolAction(action: string): boolean {
  return THREAD_TOOL_ACTIONS.has(action);
}
