// Search snippets: matched words are marked with [[ and ]] (as the server's search_forum does), and parsed here into
// plain text segments, so a snippet can never carry markup into the page.
import { foldText } from './searchWords.ts';

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

/** The text folded as search folds it, and for each folded character the index in `text` of the one it came from. */
function foldWithOrigins(text: string): { folded: string; origins: number[] } {
  let folded = '';
  const origins: number[] = [];
  let at = 0;
  for (const char of text) {
    // ASCII needs only its case folded, and most text is ASCII.
    const fold = char < '\x80' ? char.toLowerCase() : foldText(char);
    folded += fold;
    for (let i = 0; i < fold.length; i++) origins.push(at);
    at += char.length;
  }
  origins.push(text.length);
  return { folded, origins };
}

/** Where the terms occur in `text`, ignoring case and accents, as [start, end) ranges in order. */
function termRanges(text: string, terms: string[]): [number, number][] {
  const { folded, origins } = foldWithOrigins(text);
  const pattern = new RegExp(terms.map((t) => escapeRegExp(foldText(t))).join('|'), 'gu');
  return [...folded.matchAll(pattern)]
    .filter((m) => m[0].length > 0)
    .map((m) => [origins[m.index]!, origins[m.index + m[0].length]!]);
}

/**
 * About `width` characters of the text around the first term, each term's occurrences marked with [[ ]]. Case and
 * accents are ignored, as the search does: "cafe" marks "Café".
 */
export function markedSnippet(text: string, terms: string[], width = 160): string {
  const flat = plainText(text);
  const ranges = terms.length ? termRanges(flat, terms) : [];
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - Math.floor(width / 4));
  if (start > 0) start = flat.indexOf(' ', start) + 1 || start;
  const end = Math.min(flat.length, start + width);
  let marked = '';
  let at = start;
  for (const [from, to] of ranges) {
    const a = Math.max(from, at);
    const b = Math.min(to, end);
    if (a >= b) continue;
    marked += `${flat.slice(at, a)}[[${flat.slice(a, b)}]]`;
    at = b;
  }
  marked += flat.slice(at, end);
  return `${start > 0 ? '…' : ''}${marked}${end < flat.length ? '…' : ''}`;
}
