// The Prefer header: what the client asked for, and the Preference-Applied answer PostgREST gives for it.
import { pgrstError } from './errors.ts';

export interface Preferences {
  count?: 'exact' | 'planned' | 'estimated';
  return?: 'representation' | 'minimal' | 'headers-only';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
  rollback: boolean;
  strict: boolean;
  maxAffected?: number;
  /** The values that take effect, for Preference-Applied. */
  applied: string[];
}

const KNOWN: Record<string, readonly string[]> = {
  count: ['exact', 'planned', 'estimated'],
  return: ['representation', 'minimal', 'headers-only'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
};

/** Parses every Prefer value (the client appends them, comma-separated); unknown ones are ignored unless handling=strict. */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const values = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const prefs: Preferences = { missingDefault: false, rollback: false, strict: false, applied: [] };
  const invalid: string[] = [];
  for (const value of values) {
    const [key = '', arg = ''] = value.split('=', 2).map((s) => s.trim());
    if (key === 'max-affected' && /^\d+$/.test(arg)) {
      prefs.maxAffected = Number(arg);
      continue;
    }
    if (!KNOWN[key]?.includes(arg)) {
      invalid.push(value);
      continue;
    }
    if (key === 'count') prefs.count = arg as Preferences['count'];
    else if (key === 'return') prefs.return = arg as Preferences['return'];
    else if (key === 'resolution') prefs.resolution = arg as Preferences['resolution'];
    else if (key === 'missing') prefs.missingDefault = arg === 'default';
    else if (key === 'tx') prefs.rollback = arg === 'rollback';
    else if (key === 'handling') prefs.strict = arg === 'strict';
  }
  if (prefs.strict && invalid.length > 0) {
    throw pgrstError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  }
  return prefs;
}

/** Records a preference as applied; the header lists them in the order the request's handling applied them. */
export function apply(prefs: Preferences, value: string): void {
  if (!prefs.applied.includes(value)) prefs.applied.push(value);
}

export function appliedHeader(prefs: Preferences): Record<string, string> {
  return prefs.applied.length > 0 ? { 'preference-applied': prefs.applied.join(', ') } : {};
}
