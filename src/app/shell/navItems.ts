// The shell's navigation (SPEC §2 "Shell layout"). Moderation is listed for everyone; the page checks the role.
import type { IconName } from '../../ui/icons.tsx';

type PlainPath = '/' | '/groups' | '/members' | '/moderation' | '/messages' | '/wallet' | '/settings';

type NavTarget = { to: PlainPath } | { to: '/category/$type'; params: { type: string } };

export interface NavItem {
  label: string;
  icon: IconName;
  link: NavTarget;
  /** Shows the unread message count beside it. */
  unread?: boolean;
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

export const SECONDARY_NAV: NavItem[] = [
  { label: 'Moderation', icon: 'shield', link: { to: '/moderation' } },
  { label: 'Messages', icon: 'mail', link: { to: '/messages' }, unread: true },
  { label: 'Wallet', icon: 'wallet', link: { to: '/wallet' } },
  { label: 'Settings', icon: 'settings', link: { to: '/settings' } },
];
