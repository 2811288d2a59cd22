// The push toggle's state on this device (subscribed or not, busy while it changes) and its change, over the
// browser's PushManager and the member's push_subscriptions rows.
import { useEffect, useMemo, useState } from 'react';
import { vapidPublicKey } from '../../backend/config.ts';
import type { MeRow } from '../../data/types.ts';
import { logError } from '../../state/errors/reportError.ts';
import { useSettingsActions } from '../../state/mutations/settings.ts';
import { usePushSubscriptions } from '../../state/server/push.ts';
import { disablePush, enablePush, isSubscribed, type PushDevice, type PushStore } from './pushToggle.ts';

function browserPushDevice(online: boolean): PushDevice {
  return {
    pushManager: async () =>
      'serviceWorker' in navigator && 'PushManager' in window
        ? (await navigator.serviceWorker.ready).pushManager
        : null,
    requestPermission: () => Notification.requestPermission(),
    online,
    vapidPublicKey: vapidPublicKey({ env: import.meta.env, storage: window.localStorage }),
  };
}

export function usePushToggle(me: MeRow | null, online: boolean) {
  const subscriptions = usePushSubscriptions();
  const settings = useSettingsActions();
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    isSubscribed(browserPushDevice(true)).then(
      (now) => live && setSubscribed(now),
      (error: unknown) => logError(error, 'Could not read the push subscription'),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = useMemo(() => {
    if (!me) return null;
    const store: PushStore = {
      save: (subscription) => subscriptions.saveSubscription(me.id, subscription),
      remove: (endpoint: string) => subscriptions.deleteSubscription(endpoint),
      setPushEnabled: (pushEnabled: boolean) =>
        settings.saveSettings(
          { field: 'notification_preferences', value: { ...me.notification_preferences, pushEnabled } },
          online,
        ),
    };
    return async (on: boolean) => {
      setBusy(true);
      try {
        await (on ? enablePush : disablePush)(browserPushDevice(online), store);
        setSubscribed(on);
      } finally {
        setBusy(false);
      }
    };
  }, [subscriptions, me, online, settings]);

  return { subscribed, busy, change };
}
