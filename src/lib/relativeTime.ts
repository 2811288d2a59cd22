// SPEC §9 relative age: 'just now', then m, h, d, w, mo, y; lists show a full date for items older than 24 h.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const UNITS: [number, string][] = [
  [YEAR, 'y'],
  [MONTH, 'mo'],
  [WEEK, 'w'],
  [DAY, 'd'],
  [HOUR, 'h'],
  [MINUTE, 'm'],
];

export function relativeAge(iso: string, now: number = Date.now()): string {
  const diff = Math.max(0, now - new Date(iso).getTime());
  for (const [size, unit] of UNITS) if (diff >= size) return `${Math.floor(diff / size)}${unit}`;
  return 'just now';
}

/** 'just now', else '5m ago', '3d ago'. */
export function ago(iso: string, now: number = Date.now()): string {
  const age = relativeAge(iso, now);
  return age === 'just now' ? age : `${age} ago`;
}

/**
 * The zone the server writes dates in. It cannot know the reader's, and the page it wrote is hydrated, not replaced:
 * while the app shows that first page, its dates stay in this zone (state/queries/firstScreen.tsx).
 */
export const SERVER_TIME_ZONE = 'UTC';

/**
 * One formatter per zone and style: toLocaleDateString builds a new one per call, which a long thread feels. The
 * locale is fixed, so the server and every browser write a date alike. `undefined` is the browser's own zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: 'date' | 'dateTime', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style} ${timeZone ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    made =
      style === 'date'
        ? new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone })
        : new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    formatters.set(key, made);
  }
  return made;
}

/** The exact date and time (e.g. 'Nov 3, 2026, 2:05 PM'), shown when the pointer rests on an age. */
export function fullTime(iso: string, timeZone?: string): string {
  return formatter('dateTime', timeZone).format(new Date(iso));
}

/** Within a day the relative age, after that the full date (e.g. 'Nov 3, 2026'). */
export function listAge(iso: string, now: number = Date.now(), timeZone?: string): string {
  const then = new Date(iso).getTime();
  if (now - then < DAY) return relativeAge(iso, now);
  return formatter('date', timeZone).format(then);
}
