// The push toggle's flow against a stand-in PushManager (the browser's and the push service's part, not ours).
import { describe, expect, it } from 'vitest';
import type { StoredSubscription } from '../../backend/pushSubscriptions.ts';
import { disablePush, enablePush, isSubscribed, PUSH_TEXTS, type PushDevice } from './pushToggle.ts';

// A real P-256 public key (65 bytes) in URL-safe base64, as VAPID keys are given.
const VAPID = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

/** PushManager as the browser has it: one subscription at a time, a new endpoint per subscribe. */
class StandInPushManager {
  current: PushSubscription | null = null;
  subscribedWith: PushSubscriptionOptionsInit[] = [];
  private made = 0;

  getSubscription = async () => this.current;

  subscribe = async (options: PushSubscriptionOptionsInit) => {
    this.subscribedWith.push(options);
    const endpoint = `https://push.example.test/send/${++this.made}`;
    const subscription = {
      endpoint,
      toJSON: () => ({ endpoint, keys: { p256dh: `p256dh-${this.made}`, auth: `auth-${this.made}` } }),
      unsubscribe: async () => {
        if (this.current === subscription) this.current = null;
        return true;
      },
    } as unknown as PushSubscription;
    this.current = subscription;
    return subscription;
  };
}

function setup(overrides: Partial<PushDevice> & { permission?: NotificationPermission; saveFails?: boolean } = {}) {
  const manager = new StandInPushManager();
  const rows: StoredSubscription[] = [];
  const pushEnabled: boolean[] = [];
  const device: PushDevice = {
    pushManager: async () => manager as unknown as PushManager,
    requestPermission: async () => overrides.permission ?? 'granted',
    online: true,
    vapidPublicKey: VAPID,
    ...overrides,
  };
  const store = {
    save: async (s: StoredSubscription) => {
      if (overrides.saveFails) throw new Error('the server refused it');
      rows.push(s);
    },
    remove: async (endpoint: string) => {
      rows.splice(0, rows.length, ...rows.filter((r) => r.endpoint !== endpoint));
    },
    setPushEnabled: async (enabled: boolean) => pushEnabled.push(enabled),
  };
  return { manager, rows, pushEnabled, device, store };
}

describe('turning push on', () => {
  it('subscribes with the server key, stores the subscription and sets pushEnabled', async () => {
    const { manager, rows, pushEnabled, device, store } = setup();
    await enablePush(device, store);
    expect(rows).toEqual([{ endpoint: 'https://push.example.test/send/1', p256dh: 'p256dh-1', auth: 'auth-1' }]);
    expect(pushEnabled).toEqual([true]);
    const [options] = manager.subscribedWith;
    expect(options?.userVisibleOnly).toBe(true);
    const key = options?.applicationServerKey as Uint8Array;
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    expect(await isSubscribed(device)).toBe(true);
  });

  it('replaces a subscription already on the device (it may be another member’s) with a fresh one', async () => {
    const { rows, device, store } = setup();
    await enablePush(device, store);
    await enablePush(device, store);
    expect(rows.map((r) => r.endpoint)).toEqual(['https://push.example.test/send/2']);
  });

  it('stops with a clear message when permission is refused, offline, unsupported or unconfigured', async () => {
    const cases: [Parameters<typeof setup>[0], string][] = [
      [{ permission: 'denied' }, PUSH_TEXTS.denied],
      [{ permission: 'default' }, PUSH_TEXTS.denied],
      [{ online: false }, PUSH_TEXTS.offline],
      [{ pushManager: async () => null }, PUSH_TEXTS.unsupported],
      [{ vapidPublicKey: undefined }, PUSH_TEXTS.notConfigured],
    ];
    for (const [overrides, message] of cases) {
      const { rows, pushEnabled, device, store } = setup(overrides);
      await expect(enablePush(device, store)).rejects.toThrow(message);
      expect(rows).toEqual([]);
      expect(pushEnabled).toEqual([]);
    }
  });

  it('leaves no subscription on the device when the server refuses to store it', async () => {
    const { manager, pushEnabled, device, store } = setup({ saveFails: true });
    await expect(enablePush(device, store)).rejects.toThrow('the server refused it');
    expect(manager.current).toBeNull();
    expect(pushEnabled).toEqual([]);
  });
});

describe('turning push off', () => {
  it('deletes the row, unsubscribes the device and clears pushEnabled', async () => {
    const { manager, rows, pushEnabled, device, store } = setup();
    await enablePush(device, store);
    await disablePush(device, store);
    expect(rows).toEqual([]);
    expect(manager.current).toBeNull();
    expect(pushEnabled).toEqual([true, false]);
    expect(await isSubscribed(device)).toBe(false);
  });

  it('needs a connection, and then changes nothing', async () => {
    const { manager, rows, device, store } = setup();
    await enablePush(device, store);
    await expect(disablePush({ ...device, online: false }, store)).rejects.toThrow(PUSH_TEXTS.offline);
    expect(rows).toHaveLength(1);
    expect(manager.current).not.toBeNull();
  });
});
