// The settings toggles of SPEC §2 "Settings", per tab: the field they live in, their words, and their toasts.
import type { NotificationPreferences, PrivacySettings } from '../../backend/database.ts';
import { FAILURES } from '../../backend/failureTexts.ts';
import type { FailureTexts } from '../../backend/errors.ts';
import type { MeRow } from '../../data/types.ts';
import type { SettingsChange } from '../../sync/outbox.ts';

interface Toggle<T> {
  key: keyof T & string;
  label: string;
  hint: string;
}

export type ToggleGroup =
  | {
      field: 'notification_preferences';
      title: string;
      intro: string;
      toggles: Toggle<NotificationPreferences>[];
      failure: FailureTexts;
    }
  | {
      field: 'privacy_settings';
      title: string;
      intro: string;
      toggles: Toggle<PrivacySettings>[];
      failure: FailureTexts;
    };

export const NOTIFICATION_TOGGLES: ToggleGroup = {
  field: 'notification_preferences',
  title: 'Notifications',
  intro: 'Choose what the forum tells you about.',
  failure: FAILURES.saveNotifications,
  toggles: [
    { key: 'emailReplies', label: 'Email on replies', hint: 'When someone replies to a thread you started' },
    { key: 'emailMentions', label: 'Email on mentions', hint: 'When someone mentions you in a post' },
    { key: 'emailMessages', label: 'Email on private messages', hint: 'When you receive a private message' },
    {
      key: 'pushEnabled',
      label: 'Push notifications on this device',
      hint: 'Alerts from this browser, even when the forum is closed',
    },
  ],
};

export const PRIVACY_TOGGLES: ToggleGroup = {
  field: 'privacy_settings',
  title: 'Privacy',
  intro: 'Choose what other members see of you.',
  failure: FAILURES.savePrivacy,
  toggles: [
    { key: 'showOnline', label: 'Show online status', hint: 'Others see a green dot while you are active' },
    { key: 'allowMessages', label: 'Allow private messages', hint: 'Other members can send you private messages' },
    {
      key: 'showActivity',
      label: 'Show activity status',
      hint: 'Your recent threads and replies are listed on your profile',
    },
  ],
};

/** Each toggle of the group with its value in the member's settings. */
export function toggleStates(group: ToggleGroup, me: MeRow) {
  if (group.field === 'notification_preferences') {
    const values = me.notification_preferences;
    return group.toggles.map((toggle) => ({ ...toggle, checked: values[toggle.key] }));
  }
  const values = me.privacy_settings;
  return group.toggles.map((toggle) => ({ ...toggle, checked: values[toggle.key] }));
}

/** The group's whole object with one toggle changed: settings are saved an object at a time. */
export function withToggle(group: ToggleGroup, me: MeRow, key: string, checked: boolean): SettingsChange {
  return group.field === 'notification_preferences'
    ? { field: group.field, value: { ...me.notification_preferences, [key]: checked } }
    : { field: group.field, value: { ...me.privacy_settings, [key]: checked } };
}
