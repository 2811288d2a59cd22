// A remark plugin: the [youtube:ID] marker in text becomes a <youtube-embed> element, rendered by YouTubeEmbed.
// Markers inside code stay text: only text nodes are rewritten.
import type { Parent, Root, RootContent, Text } from 'mdast';
import { YOUTUBE_MARKER } from './youtube.ts';

interface EmbedNode {
  type: 'youtubeEmbed';
  data: { hName: 'youtube-embed'; hProperties: { videoId: string } };
  children: [];
}

function split(text: Text): (Text | EmbedNode)[] {
  const out: (Text | EmbedNode)[] = [];
  let last = 0;
  for (const match of text.value.matchAll(YOUTUBE_MARKER)) {
    const at = match.index ?? 0;
    if (at > last) out.push({ type: 'text', value: text.value.slice(last, at) });
    out.push({
      type: 'youtubeEmbed',
      data: { hName: 'youtube-embed', hProperties: { videoId: match[1]! } },
      children: [],
    });
    last = at + match[0].length;
  }
  if (out.length === 0) return [text];
  if (last < text.value.length) out.push({ type: 'text', value: text.value.slice(last) });
  return out;
}

function visit(node: Parent) {
  const children: RootContent[] = [];
  for (const child of node.children) {
    if (child.type === 'text') children.push(...(split(child) as RootContent[]));
    else {
      if ('children' in child) visit(child);
      children.push(child);
    }
  }
  node.children = children;
}

export function remarkYouTube() {
  return (tree: Root) => visit(tree);
}
