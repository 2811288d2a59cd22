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

/** The exact local date and time, shown when the pointer rests on an age. */
export function fullTime(iso: string): string {
  return new Date(iso).toLocaleString();
}

/** One formatter for every date: toLocaleDateString builds a new one per call, which a long thread feels. */
const FULL_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** Within a day the relative age, after that the full date (e.g. 'Nov 3, 2026'). */
export function listAge(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (now - then < DAY) return relativeAge(iso, now);
  return FULL_DATE.format(then);
}
