// A search snippet with its matched words in <mark>: React text nodes only, so a snippet renders inert.
import { parseSnippet } from '../../content/snippet.ts';

export function Highlight({ snippet }: { snippet: string }) {
  return parseSnippet(snippet).map((segment, i) =>
    segment.highlight ? <mark key={i}>{segment.text}</mark> : <span key={i}>{segment.text}</span>,
  );
}
