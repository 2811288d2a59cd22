// SPEC §5: YouTube links (watch, embed, v and youtu.be with an 11-character id) and the [youtube:ID] marker.
const ID = '([A-Za-z0-9_-]{11})';
const PATTERNS = [
  new RegExp(`^https?://(?:www\\.|m\\.)?youtube\\.com/watch\\?(?:.*&)?v=${ID}(?:[&#].*)?$`),
  new RegExp(`^https?://(?:www\\.)?youtube(?:-nocookie)?\\.com/embed/${ID}(?:[?#].*)?$`),
  new RegExp(`^https?://(?:www\\.)?youtube\\.com/v/${ID}(?:[?#].*)?$`),
  new RegExp(`^https?://youtu\\.be/${ID}(?:[?#].*)?$`),
];

export const INVALID_YOUTUBE_URL = 'Invalid YouTube URL';

/** The video id of a YouTube address, or null when it is not one of the accepted forms. */
export function youTubeId(url: string): string | null {
  const trimmed = url.trim();
  for (const pattern of PATTERNS) {
    const match = pattern.exec(trimmed);
    if (match?.[1]) return match[1];
  }
  return null;
}

export const youTubeMarker = (id: string) => `[youtube:${id}]`;

export const YOUTUBE_MARKER = /\[youtube:([A-Za-z0-9_-]{11})\]/g;

/** Whether the text holds a video marker (YOUTUBE_MARKER is global: its own test() would carry state between calls). */
export function hasYouTubeMarker(text: string): boolean {
  return text.match(YOUTUBE_MARKER) !== null;
}
