// The shell's navigation (SPEC §2 "Shell layout"). Moderation is listed for everyone; the page checks the role.
// Staff also get Review, their queue with its pending count, and Reports after it.
import type { Role } from '../../backend/profiles.ts';
import type { IconName } from '../../ui/icons.tsx';

type PlainPath =
  '/' | '/groups' | '/members' | '/moderation' | '/reports' | '/review' | '/messages' | '/wallet' | '/settings';

type NavTarget = { to: PlainPath } | { to: '/category/$type'; params: { type: string } };

export interface NavItem {
  label: string;
  icon: IconName;
  link: NavTarget;
  /** Shows the unread message count beside it. */
  unread?: boolean;
  /** Shows how many items wait in the review queue. */
  pending?: boolean;
}

const category = (type: string): NavTarget => ({ to: '/category/$type', params: { type } });

export const MAIN_NAV: NavItem[] = [
  { label: 'Dashboard', icon: 'home', link: { to: '/' } },
  { label: 'GuapCoin', icon: 'coin', link: category('guapcoin') },
  { label: 'Crypto', icon: 'chart', link: category('crypto') },
  { label: 'Support', icon: 'lifebuoy', link: category('support') },
  { label: 'Groups', icon: 'groups', link: { to: '/groups' } },
  { label: 'Members', icon: 'members', link: { to: '/members' } },
];

const MODERATION: NavItem = { label: 'Moderation', icon: 'shield', link: { to: '/moderation' } };
const REVIEW: NavItem = { label: 'Review', icon: 'list', link: { to: '/review' }, pending: true };
const REPORTS: NavItem = { label: 'Reports', icon: 'flag', link: { to: '/reports' } };

const ACCOUNT_NAV: NavItem[] = [
  { label: 'Messages', icon: 'mail', link: { to: '/messages' }, unread: true },
  { label: 'Wallet', icon: 'wallet', link: { to: '/wallet' } },
  { label: 'Settings', icon: 'settings', link: { to: '/settings' } },
];

/** The second list for a member of this role (none while signed out or loading: 'user'). */
export function secondaryNav(role: Role | undefined): NavItem[] {
  const staff = role === 'admin' || role === 'moderator';
  return staff ? [MODERATION, REVIEW, REPORTS, ...ACCOUNT_NAV] : [MODERATION, ...ACCOUNT_NAV];
}
