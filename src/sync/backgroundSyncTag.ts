// The Background Sync tag the service worker answers by sending the outbox.
export const BACKGROUND_SYNC_TAG = 'guap-outbox';
