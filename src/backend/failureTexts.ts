// What each action says when it fails: SPEC §8 "Toasts (errors)" and "Editor upload errors", verbatim.
import type { FailureTexts } from './errors.ts';

const SIGN_IN_FAILED = 'Failed to sign in. Please check your credentials.';
/** Not in the spec, which shows no rate limit: GoTrue's own words ("Request rate limit reached") say too little. */
const RATE_LIMITED = (what: string) => `Too many ${what} attempts. Please wait a few minutes and try again.`;
/** Shown as a toast and as the image button's label while offline. */
export const OFFLINE_UPLOAD = 'Image upload needs a connection. You are offline.';
/** SPEC §5 "Avatar": the types an avatar may have; also said when storage finds the bytes are not such an image. */
export const AVATAR_TYPES_TEXT = 'Please upload an image file (jpg, png, gif, or webp)';
/** Storage's answer to a file that is not the image its type claims (415), which the spec words as its type check. */
const notAnImage = (f: { code?: string }) => f.code === '415';

export const FAILURES = {
  reply: { failed: 'Failed to post reply' },
  editPost: { failed: 'Failed to update post' },
  deletePost: { failed: 'Failed to delete post' },
  setRole: { failed: 'Failed to update user role' },
  sendMessage: { failed: 'Failed to send message' },
  deleteMessage: { failed: 'Failed to delete message' },
  deleteThread: {
    failed: 'Failed to delete thread',
    offline: 'Deleting a thread needs a connection. Try again when you are back online.',
  },
  createThread: {
    failed: 'Failed to create thread. Please try again.',
    special: [
      {
        when: (f) => /image/i.test(f.message),
        text: 'Image upload is not configured. Please create thread without images.',
      },
    ],
  },
  // Wrong email or password gets the spec's text, a rate limit its own; any other refusal the server's message.
  signIn: {
    failed: SIGN_IN_FAILED,
    serverMessage: true,
    special: [
      { when: (f) => f.code === 'invalid_credentials', text: SIGN_IN_FAILED },
      {
        when: (f) => f.code === 'email_not_confirmed',
        text: 'Please confirm your email first: open the link we sent you.',
      },
      { when: (f) => f.code === 'over_request_rate_limit', text: RATE_LIMITED('sign-in') },
    ],
  },
  signUp: {
    failed: 'Failed to create account',
    special: [{ when: (f) => f.code === 'over_request_rate_limit', text: RATE_LIMITED('sign-up') }],
  },
  // The wallet's refusal (4001) and the server's reasons (a message signed for another site, say) say what happened.
  walletSignIn: {
    failed: 'Failed to sign in with your wallet',
    serverMessage: true,
    special: [
      {
        when: (f) => /4001|reject|denied/i.test(`${f.code ?? ''} ${f.message}`),
        text: 'The wallet did not sign, so you are not signed in.',
      },
      { when: (f) => f.code === 'over_request_rate_limit', text: RATE_LIMITED('sign-in') },
    ],
  },
  chooseUsername: { failed: 'Failed to save the username', serverMessage: true },
  signOut: { failed: 'Failed to sign out', serverMessage: true },
  // SPEC §8: "A reset failure shows the server message."
  resetPassword: { failed: 'Failed to send password reset email', serverMessage: true },
  newPassword: { failed: 'Failed to update password', serverMessage: true },
  /** The upload as a whole; each file has its own texts (uploadFileFailure). */
  upload: { failed: (message) => `Failed to upload files: ${message}`, offline: OFFLINE_UPLOAD },
  /** Retry, edit or discard of a write the server refused: only the device's own database can fail here. */
  failedList: { failed: 'Something went wrong on this device.' },
  clearDownloadedData: { failed: 'Failed to clear downloaded data' },
  saveNotifications: { failed: 'Failed to save notification settings' },
  savePrivacy: { failed: 'Failed to save privacy settings' },
  deleteAccount: {
    failed: 'Failed to delete account. Please contact support.',
    offline: 'Deleting your account needs a connection. Try again when you are back online.',
  },
  // SPEC §8: the profile form shows the server's message, the avatar upload too unless the bucket is missing.
  updateProfile: { failed: 'Failed to update profile', serverMessage: true },
  uploadAvatar: {
    failed: 'Failed to upload avatar',
    offline: 'Changing your avatar needs a connection. You are offline.',
    serverMessage: true,
    special: [
      {
        when: (f) => /bucket not found/i.test(f.message),
        text: 'Avatar storage not configured. Please contact support.',
      },
      { when: notAnImage, text: AVATAR_TYPES_TEXT },
    ],
  },
} satisfies Record<string, FailureTexts>;

/** One file of an editor upload; the file is skipped on each of these. */
export function uploadFileFailure(fileName: string): FailureTexts {
  return {
    failed: (message) => `Failed to upload ${fileName}: ${message}`,
    offline: OFFLINE_UPLOAD,
    special: [
      { when: (f) => f.code === 'timeout', text: `Upload timed out for ${fileName}` },
      { when: notAnImage, text: `${fileName} is not a valid image or GIF` },
      { when: (f) => /row-level security/i.test(f.message), text: 'Permission denied. Please check storage policies.' },
      { when: (f) => /not found/i.test(f.message), text: 'Storage bucket not found. Please contact support.' },
    ],
  };
}

/** The wallet's actions: proving an address, recording and checking a tip. */
export const WALLET_FAILURES = {
  verify: { failed: 'Failed to verify the wallet address', serverMessage: true },
  tip: { failed: 'Failed to send the tip', serverMessage: true },
  check: { failed: 'Failed to check the tip', serverMessage: true },
  link: { failed: 'Failed to link the wallet', serverMessage: true },
  unlink: { failed: 'Failed to unlink the wallet', serverMessage: true },
} as const;
