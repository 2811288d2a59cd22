// The Notifications or Privacy tab: its toggles, saved through the outbox. While a change waits to be sent the tab
// says so, and a change the server refused shows here with Retry and Discard.
import { toast } from '../../state/toast.ts';
import { reportError } from '../../state/errors/reportError.ts';
import { useSettingsActions } from '../../state/mutations/settings.ts';
import type { useOwnSettings } from '../../state/queries/settings.ts';
import { Icon } from '../../ui/icons.tsx';
import { RefusedWrite } from '../../ui/RefusedWrite.tsx';
import { SwitchRow } from '../../ui/Switch.tsx';
import { toggleStates, withToggle, type ToggleGroup } from './toggles.ts';
import { AppError } from '../../backend/errors.ts';
import { usePushToggle } from './usePushToggle.ts';
import styles from './Settings.module.css';

const PUSH_FAILED = { failed: (message: string) => `Push notifications could not be changed: ${message}` };

/** "Push notifications on this device" is this device's subscription, not only a preference. */
const isPushToggle = (group: ToggleGroup, key: string) =>
  group.field === 'notification_preferences' && key === 'pushEnabled';

interface TogglesTabProps {
  settings: ReturnType<typeof useOwnSettings>;
  online: boolean;
  group: ToggleGroup;
}

export function TogglesTab({ settings, online, group }: TogglesTabProps) {
  const actions = useSettingsActions();
  const data = settings.state === 'ready' ? settings.data : null;
  const me = data?.me ?? null;
  const failedText = typeof group.failure.failed === 'string' ? group.failure.failed : group.title;
  const push = usePushToggle(me, online);

  const change = async (key: string, checked: boolean) => {
    if (!me) return;
    if (isPushToggle(group, key)) {
      // Its own messages (permission refused, offline, unsupported) say more than the settings' failure text.
      await push
        .change?.(checked)
        .catch((error: unknown) => reportError(error, error instanceof AppError ? undefined : PUSH_FAILED));
      return;
    }
    try {
      const now = await actions.saveSettings(withToggle(group, me, key, checked), online);
      if (now) toast.success(now);
    } catch (error) {
      reportError(error, group.failure);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={`${group.field}-heading`}>
      <h2 id={`${group.field}-heading`}>{group.title}</h2>
      <p className={styles.intro}>{group.intro}</p>
      {data?.waiting.has(group.field) && (
        <p className={styles.waiting} role="status" data-testid="settings-waiting">
          <Icon name="offline" size={16} aria-hidden /> Waiting to send: saved on this device, sent when you are online.
        </p>
      )}
      {data?.refused
        .filter((r) => r.field === group.field)
        .map(({ entry }) => (
          <RefusedWrite key={entry.id} entryId={entry.id} label="Not saved" what={failedText} reason={entry.reason} />
        ))}
      {me ? (
        <div className={styles.toggles}>
          {toggleStates(group, me).map((toggle) => {
            const onDevice = isPushToggle(group, toggle.key);
            return (
              <SwitchRow
                key={toggle.key}
                label={toggle.label}
                hint={toggle.hint}
                checked={onDevice ? push.subscribed : toggle.checked}
                disabled={onDevice && push.busy}
                onCheckedChange={(checked) => void change(toggle.key, checked)}
              />
            );
          })}
        </div>
      ) : (
        <p className={styles.intro}>
          {settings.state === 'failed'
            ? 'Your settings could not be read on this device.'
            : online
              ? 'Loading your settings…'
              : 'Your settings show here once this device has been online.'}
        </p>
      )}
    </section>
  );
}
