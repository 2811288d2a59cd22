// The backend's settings that screens read (the push key, the wallet's chain), from the build's environment or the config the local
// stack handed this device.
export { savedConfig, vapidPublicKey } from '../../backend/config.ts';
