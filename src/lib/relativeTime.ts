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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface DateParts {
  year: number;
  /** 0 for January. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** A named zone's formatters, by zone: only a zone other than the reader's own or UTC needs one. */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function partsInZone(time: number, timeZone: string): DateParts {
  let made = zoneFormatters.get(timeZone);
  if (!made) {
    const numbers = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' } as const;
    made = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...numbers });
    zoneFormatters.set(timeZone, made);
  }
  const part = Object.fromEntries(made.formatToParts(time).map(({ type, value }) => [type, Number(value)]));
  return { year: part.year!, month: part.month! - 1, day: part.day!, hour: part.hour!, minute: part.minute! };
}

/**
 * A time's date and clock in a zone: `undefined` is the reader's own. Written by hand, in English, so that the server
 * and every browser write a date alike, and a page's first dates cost no Intl formatter (its first one takes 30 to
 * 50 ms of a phone's main thread).
 */
function partsIn(time: number, timeZone: string | undefined): DateParts {
  const d = new Date(time);
  if (timeZone === undefined) {
    return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hour: d.getHours(), minute: d.getMinutes() };
  }
  if (timeZone === 'UTC') {
    const [year, month, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
    return { year, month, day, hour: d.getUTCHours(), minute: d.getUTCMinutes() };
  }
  return partsInZone(time, timeZone);
}

const dateOf = ({ year, month, day }: DateParts) => `${MONTHS[month]} ${day}, ${year}`;

/** The exact date and time (e.g. 'Nov 3, 2026, 2:05 PM'), shown when the pointer rests on an age. */
export function fullTime(iso: string, timeZone?: string): string {
  const parts = partsIn(new Date(iso).getTime(), timeZone);
  const clock = `${parts.hour % 12 || 12}:${String(parts.minute).padStart(2, '0')} ${parts.hour < 12 ? 'AM' : 'PM'}`;
  return `${dateOf(parts)}, ${clock}`;
}

/** Within a day the relative age, after that the full date (e.g. 'Nov 3, 2026'). */
export function listAge(iso: string, now: number = Date.now(), timeZone?: string): string {
  const then = new Date(iso).getTime();
  if (now - then < DAY) return relativeAge(iso, now);
  return dateOf(partsIn(then, timeZone));
}
