// The avatar rules that need no browser: the spec's checks on the chosen file, the size it is drawn at, whether a
// GIF moves, and the extension its object is named with.
import { AVATAR_TYPES_TEXT } from '../../backend/failureTexts.ts';

const AVATAR_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp']);
/** SPEC §5: "Size under 2 MB". */
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Beyond the spec: an avatar is shown at most a few hundred pixels wide, so 512 keeps it sharp on any screen. */
const AVATAR_MAX_SIDE = 512;

/** The spec's message for a chosen file it refuses (SPEC §5 "Avatar"), or null when it may be uploaded. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!AVATAR_TYPES.has(file.type)) return AVATAR_TYPES_TEXT;
  if (file.size >= AVATAR_MAX_BYTES) return 'File size must be less than 2MB';
  return null;
}

/** The size an image is drawn at: its own when it fits, else scaled down to fit `max` on its longer side. */
export function fitWithin(width: number, height: number, max = AVATAR_MAX_SIDE) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A GIF with more than one frame: each frame has its own graphic control extension (21 F9 04). */
export function isAnimatedGif(bytes: Uint8Array): boolean {
  let frames = 0;
  for (let i = 0; i + 2 < bytes.length; i++) {
    if (bytes[i] === 0x21 && bytes[i + 1] === 0xf9 && bytes[i + 2] === 0x04 && ++frames > 1) return true;
  }
  return false;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export function avatarExtension(type: string): string {
  return EXTENSIONS[type] ?? 'img';
}
