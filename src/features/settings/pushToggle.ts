// "Push notifications on this device": turning it on asks the browser's permission, subscribes this device with
// PushManager (a fresh subscription: an old one may be another member's row), stores it in push_subscriptions and
// sets pushEnabled; turning it off deletes the row, unsubscribes and clears pushEnabled. The browser's parts are
// passed in, so the flow is tested against a stand-in PushManager.
import { AppError, noConnection } from '../../backend/errors.ts';
import type { StoredSubscription } from '../../backend/pushSubscriptions.ts';

export interface PushDevice {
  /** The browser's PushManager, once the service worker is ready; null where the browser has none. */
  pushManager(): Promise<PushManager | null>;
  requestPermission(): Promise<NotificationPermission>;
  online: boolean;
  vapidPublicKey: string | undefined;
}

export interface PushStore {
  save(subscription: StoredSubscription): Promise<void>;
  remove(endpoint: string): Promise<void>;
  /** Sets notification_preferences.pushEnabled through the settings write. */
  setPushEnabled(enabled: boolean): Promise<unknown>;
}

export const PUSH_TEXTS = {
  unsupported: 'This browser cannot receive push notifications.',
  notConfigured: 'Push notifications are not set up on this server.',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  offline: 'Turning push notifications on or off needs a connection. Try again when you are back online.',
} as const;

/** The key as PushManager wants it: the URL-safe base64 of the VAPID public key, decoded. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function stored(subscription: PushSubscription): StoredSubscription {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) {
    throw new AppError('bug', 'The browser gave a push subscription without its keys');
  }
  return { endpoint, p256dh: keys.p256dh, auth: keys.auth };
}

async function managerOf(device: PushDevice): Promise<PushManager> {
  if (!device.online) throw new AppError('network', PUSH_TEXTS.offline, { cause: noConnection() });
  const manager = await device.pushManager();
  if (!manager) throw new AppError('refused', PUSH_TEXTS.unsupported);
  return manager;
}

export async function enablePush(device: PushDevice, store: PushStore): Promise<void> {
  if (!device.vapidPublicKey) throw new AppError('refused', PUSH_TEXTS.notConfigured);
  const manager = await managerOf(device);
  if ((await device.requestPermission()) !== 'granted') throw new AppError('refused', PUSH_TEXTS.denied);
  const old = await manager.getSubscription();
  if (old) {
    await store.remove(old.endpoint);
    await old.unsubscribe();
  }
  const subscription = await manager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(device.vapidPublicKey),
  });
  try {
    await store.save(stored(subscription));
  } catch (error) {
    // Not stored, so never used: no subscription may be left behind that the server does not know.
    await subscription.unsubscribe();
    throw error;
  }
  await store.setPushEnabled(true);
}

export async function disablePush(device: PushDevice, store: PushStore): Promise<void> {
  const manager = await managerOf(device);
  const subscription = await manager.getSubscription();
  if (subscription) {
    await store.remove(subscription.endpoint);
    await subscription.unsubscribe();
  }
  await store.setPushEnabled(false);
}

/** Whether this device is subscribed now; false where the browser has no push. */
export async function isSubscribed(device: Pick<PushDevice, 'pushManager'>): Promise<boolean> {
  const manager = await device.pushManager();
  return (await manager?.getSubscription()) != null;
}
