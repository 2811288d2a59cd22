// The header's user menu: avatar and name with the spec's fallbacks, profile links, bookmarks and Sign Out.
import { useNavigate } from '@tanstack/react-router';
import { toast } from '../../state/toast.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../../ui/Menu.tsx';
import { RoleBadge } from '../../ui/AuthorLabel.tsx';
import { displayName, emailName } from './identity.ts';
import { useSession } from '../../state/session/SessionContext.tsx';
import { useSignOut } from '../../state/session/useSignOut.ts';
import { appInstallPrompt, useInstallOption } from '../pwa/installPrompt.ts';
import styles from './UserMenu.module.css';

export function UserMenu() {
  const profile = useSession((s) => s.profile);
  const email = useSession((s) => s.user?.email);
  const onSignOut = useSignOut();
  const navigate = useNavigate();
  const name = displayName({ profile, email });
  const install = useInstallOption(appInstallPrompt());

  return (
    <Menu>
      <MenuTrigger className={styles.trigger} aria-label={`Account menu for ${name}`}>
        <Avatar src={profile?.avatar_url} person={profile} fallback={emailName(email)} size={34} />
        <span className={styles.name}>{name}</span>
        <Icon name="chevronDown" size={16} className={styles.chevron} />
      </MenuTrigger>
      <MenuContent>
        <MenuLabel>
          <span className={styles.labelName}>
            {name} <RoleBadge role={profile?.role} />
          </span>
          {email && <span className={styles.labelEmail}>{email}</span>}
        </MenuLabel>
        <MenuSeparator />
        <MenuItem onSelect={() => void navigate({ to: '/profile' })}>
          <Icon name="user" size={18} /> Profile
        </MenuItem>
        <MenuItem onSelect={() => void navigate({ to: '/bookmarks' })}>
          <Icon name="bookmark" size={18} /> Bookmarks
        </MenuItem>
        <MenuItem onSelect={() => void navigate({ to: '/wallet' })}>
          <Icon name="wallet" size={18} /> Wallet
        </MenuItem>
        <MenuItem onSelect={() => void navigate({ to: '/settings' })}>
          <Icon name="settings" size={18} /> Settings
        </MenuItem>
        {install && (
          <MenuItem
            onSelect={() =>
              install.kind === 'prompt'
                ? void install.install()
                : toast.info('To install the forum: tap the Share button in Safari, then "Add to Home Screen".', {
                    duration: 10_000,
                  })
            }
          >
            <Icon name="download" size={18} /> Install app
          </MenuItem>
        )}
        <MenuSeparator />
        <MenuItem onSelect={() => void onSignOut()}>
          <Icon name="logout" size={18} /> Sign Out
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
