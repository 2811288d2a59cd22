// /settings (signed-in): the spec's four tabs (General, Notifications, Privacy, Danger Zone), and the app's storage
// on this device under General. A tab whose changes still wait to be sent says so on the tab itself.
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { useOwnSettings, type SettingsField } from '../../state/queries/settings.ts';
import { useSyncStatusOf } from '../../state/sync/SyncContext.tsx';
import { DangerZoneTab } from './DangerZoneTab.tsx';
import { GeneralTab } from './GeneralTab.tsx';
import { NOTIFICATION_TOGGLES, PRIVACY_TOGGLES } from './toggles.ts';
import { TogglesTab } from './TogglesTab.tsx';
import styles from './Settings.module.css';

function TabLabel({ children, waiting }: { children: string; waiting: boolean }) {
  return (
    <>
      {children}
      {waiting && (
        <span className={styles.tabWaiting} data-testid="tab-waiting">
          <span className="sr-only"> (waiting to send)</span>
        </span>
      )}
    </>
  );
}

export function SettingsPage() {
  const settings = useOwnSettings();
  const online = useSyncStatusOf((s) => s.online);
  const data = settings.state === 'ready' ? settings.data : null;
  const waiting = (field: SettingsField) => data?.waiting.has(field) ?? false;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Settings</h1>
        <p>Your account, notifications and privacy.</p>
      </header>
      <Tabs defaultValue="general" className={styles.tabs}>
        <TabList aria-label="Settings sections">
          <Tab value="general">General</Tab>
          <Tab value="notifications">
            <TabLabel waiting={waiting('notification_preferences')}>Notifications</TabLabel>
          </Tab>
          <Tab value="privacy">
            <TabLabel waiting={waiting('privacy_settings')}>Privacy</TabLabel>
          </Tab>
          <Tab value="danger">Danger Zone</Tab>
        </TabList>
        <TabPanel value="general">
          <GeneralTab />
        </TabPanel>
        <TabPanel value="notifications">
          <TogglesTab settings={settings} online={online} group={NOTIFICATION_TOGGLES} />
        </TabPanel>
        <TabPanel value="privacy">
          <TogglesTab settings={settings} online={online} group={PRIVACY_TOGGLES} />
        </TabPanel>
        <TabPanel value="danger">
          <DangerZoneTab online={online} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
