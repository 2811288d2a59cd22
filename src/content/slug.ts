// SPEC §5: a thread's address, derived from its title.
const SLUG_MAX = 100;

/**
 * Lowercase, trimmed; characters other than letters, digits, spaces and hyphens removed; whitespace to hyphens;
 * repeated hyphens collapsed; leading and trailing hyphens removed; cut to 100 characters. A title with nothing
 * left (only emoji, say) still needs an address: 'thread'.
 */
export function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX);
  return slug || 'thread';
}

/** A slug with a short random suffix, for a title whose slug is taken; stays within the 100-character limit. */
export function withSuffix(slug: string, random: () => number = Math.random): string {
  const suffix = Math.floor(random() * 36 ** 5)
    .toString(36)
    .padStart(5, '0');
  return `${slug.slice(0, SLUG_MAX - suffix.length - 1)}-${suffix}`;
}
