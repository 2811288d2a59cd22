// The backend's settings that screens read (the push key), from the build's environment or the config the local
// stack handed this device.
export { vapidPublicKey } from '../../backend/config.ts';
