// A search snippet with its matched words in <mark>: its text without the markdown it was cut from, and React text
// nodes only, so a snippet renders inert.
import { parseSnippet, plainSnippet } from '../../content/snippet.ts';

export function Highlight({ snippet }: { snippet: string }) {
  return parseSnippet(plainSnippet(snippet)).map((segment, i) =>
    segment.highlight ? <mark key={i}>{segment.text}</mark> : <span key={i}>{segment.text}</span>,
  );
}
