// Search snippets: matched words are marked with [[ and ]] (as the server's search_forum does), and parsed here into
// plain text segments, so a snippet can never carry markup into the page.

interface SnippetSegment {
  text: string;
  highlight: boolean;
}

/** Splits a marked snippet into text and highlighted segments; an unclosed [[ stays literal text. */
export function parseSnippet(snippet: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  let rest = snippet;
  for (;;) {
    const open = rest.indexOf('[[');
    const close = open < 0 ? -1 : rest.indexOf(']]', open + 2);
    if (open < 0 || close < 0) break;
    if (open > 0) segments.push({ text: rest.slice(0, open), highlight: false });
    if (close > open + 2) segments.push({ text: rest.slice(open + 2, close), highlight: true });
    rest = rest.slice(close + 2);
  }
  if (rest) segments.push({ text: rest, highlight: false });
  return segments;
}

/** The words of a query, lowercased: what the mirror search matches. */
export function queryTerms(query: string): string[] {
  const words = query.toLocaleLowerCase().split(/[^\p{L}\p{N}]+/u);
  return [...new Set(words.filter((w) => w.length > 0))].slice(0, 8);
}

/** Markdown flattened to readable text: link and image syntax to their text, markup characters dropped. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[youtube:[\w-]+\]/g, '')
    .replace(/[#>*_`~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A marked snippet from the server, cut from a post's markdown so it may start or end inside a link or bold text,
 * as plain text with its [[ ]] marks kept. Unlike plainText, it leaves characters such as < > # alone in the words.
 */
export function plainSnippet(snippet: string): string {
  return (
    snippet
      // A whole link or image, whose text may hold marks, becomes its text.
      .replace(/!?\[((?:\[\[[^\]]*\]\]|[^[\]])*)\]\([^)]*\)/g, '$1')
      // A link cut before its text ends leaves "](address)"; the ]] of a mark is never taken for one.
      .replace(/(?<!\])\]\([^)\s]*\)?/g, '')
      .replace(/\[youtube:[\w-]+\]/g, '')
      .replace(/(^|\n)[ \t]*(?:#{1,6}|>+)[ \t]/g, '$1')
      .replace(/\*\*|__|~~|`+/g, '')
      // Single * or _ emphasis, but not the _ inside snake_case.
      .replace(/(?<![\w*])[*_](?=[^\s*_])|(?<=[^\s*_])[*_](?![\w*])/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** About `width` characters of the text around the first term, each term's occurrences marked with [[ ]]. */
export function markedSnippet(text: string, terms: string[], width = 160): string {
  const flat = plainText(text);
  const lower = flat.toLocaleLowerCase();
  const first = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), flat.length);
  let start = Math.max(0, first - Math.floor(width / 4));
  if (start > 0) start = flat.indexOf(' ', start) + 1 || start;
  const end = Math.min(flat.length, start + width);
  const window = flat.slice(start, end);
  const marked = terms.length
    ? window.replace(new RegExp(terms.map(escapeRegExp).join('|'), 'giu'), (m) => `[[${m}]]`)
    : window;
  return `${start > 0 ? '…' : ''}${marked}${end < flat.length ? '…' : ''}`;
}
