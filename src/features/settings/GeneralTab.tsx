// General: the email and username, read-only with the spec's hints, a banner for staff, the account's sign-in methods,
// and this device's storage.
import { Field } from '../../ui/Field.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useSession } from '../../state/session/SessionContext.tsx';
import { SignInMethods } from './SignInMethods.tsx';
import { StorageCard } from './StorageCard.tsx';
import styles from './Settings.module.css';

const ROLE_BANNERS = {
  admin: {
    title: 'Administrator account',
    text: 'You can manage members, roles and bans in the moderation panel.',
  },
  moderator: {
    title: 'Moderator account',
    text: 'You can moderate threads and posts, and promote members to moderator.',
  },
} as const;

export function GeneralTab() {
  const profile = useSession((s) => s.profile);
  const email = useSession((s) => s.user?.email ?? profile?.email ?? '');
  const role = profile?.role;
  const banner = role === 'admin' || role === 'moderator' ? ROLE_BANNERS[role] : null;
  return (
    <>
      <section className={styles.card} aria-labelledby="account-heading">
        <h2 id="account-heading">Account</h2>
        {banner && (
          <div className={styles.roleBanner} data-role={role} role="note">
            <Icon name="shield" size={20} aria-hidden />
            <div>
              <strong>{banner.title}</strong>
              <p>{banner.text}</p>
            </div>
          </div>
        )}
        <Field label="Email" value={email} readOnly hint="Email cannot be changed" />
        <Field
          label="Username"
          value={profile?.username ?? ''}
          readOnly
          hint="Username can be changed in your profile"
        />
      </section>
      <SignInMethods />
      <StorageCard />
    </>
  );
}
